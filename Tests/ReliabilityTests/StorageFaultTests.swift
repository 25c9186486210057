import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash

/// Damaged files at launch, end to end through the SDKs: no crash, a diagnostic, the app keeps
/// working, and the damaged file is moved aside with every byte, never deleted.
@Suite("Storage faults at launch", .timeLimit(.minutes(3)))
struct StorageFaultTests {
    @Test(arguments: DamagedDatabase.allCases)
    func voidhashMovesADamagedDatabaseAsideAndKeepsWorking(damage: DamagedDatabase) async throws {
        try await withVoidhashHarness { harness in
            let database = harness.directory.appendingPathComponent("voidhash-test.sqlite")
            try await damage.write(to: database, harness: harness)
            let damaged = try Data(contentsOf: database)
            let reportedBefore = harness.diagnostics.all.count

            let voidhash = try harness.launch()
            let result = try await voidhash.identifyState(externalUserId: "user-after-damage")
            #expect(result.status == .confirmed)
            #expect(harness.diagnosticCodes.dropFirst(reportedBefore) == [.storageRecovered])
            let names = try FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
            // The database itself, not the sidecars moved with it (`-wal`, `-shm`).
            let aside = try #require(
                names.first {
                    $0.hasPrefix("voidhash-test.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
                })
            #expect(try Data(contentsOf: harness.directory.appendingPathComponent(aside)) == damaged)
            await voidhash.shutdown()

            let relaunched = try harness.launch()
            #expect(await relaunched.getDistinctId() == "user-after-damage", "the new database is used")
            #expect(harness.diagnosticCodes.dropFirst(reportedBefore) == [.storageRecovered])
            await relaunched.shutdown()
        }
    }

    @Test func voidhashWorksFromMemoryWhenTheDirectoryCannotBeCreated() async throws {
        try await withVoidhashHarness { harness in
            // Even root cannot create directories in sysfs; elsewhere a file is in the way.
            try FileManager.default.createDirectory(at: harness.directory, withIntermediateDirectories: true)
            let blocker = harness.directory.appendingPathComponent("a-file")
            try Data("x".utf8).write(to: blocker)
            let voidhash = try harness.launch(directory: blocker.appendingPathComponent("voidhash"))
            #expect(try await voidhash.identifyState(externalUserId: "user-in-memory").status == .confirmed)
            harness.store.purchase(productId: "pro_monthly")
            #expect(try await voidhash.syncPurchases()?.hasActivePerk("premium") == true)
            #expect(harness.diagnosticCodes == [.storageUnavailable])
            #expect(try Data(contentsOf: blocker) == Data("x".utf8))
            await voidhash.shutdown()
        }
    }

    @Test func mobileJoeReplacesATornIdentityFileAndKeepsWorking() async throws {
        let state = MobileJoeEmulatorState()
        let server = try MobileJoeEmulator.makeServer(state: state)
        let baseURL = try await server.start()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mobilejoe-reliability-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let diagnostics = Recorded<JoeDiagnostic>()
        let options = JoeOptions(
            storageDirectory: folder, baseURL: baseURL, clock: ManualClock(now: harnessEpoch),
            onDiagnostic: { diagnostics.append($0) })

        let first = JoeInstance(options: options)
        try first.configure(withAPIKey: "mj_public_test", appUserID: "account-1")
        await first.pendingIdentify()
        // A torn write: the first half of the file.
        let file = first.identityFileURL
        let whole = try Data(contentsOf: file)
        let torn = whole.prefix(whole.count / 2)
        try torn.write(to: file)

        let second = JoeInstance(options: options)
        try second.configure(withAPIKey: "mj_public_test")
        await second.pendingIdentify()
        #expect(diagnostics.all.first == .identityFileReplaced(problem: .notJSON), "\(diagnostics.all)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["identity.mbj"])
        let identity = try #require(second.identity)
        #expect(identity.anonymousId != first.identity?.anonymousId)
        #expect(state.identities.last?.anonymousId == identity.anonymousId, "the new identity was announced")
        #expect(try await second.featurePlans().isEmpty, "requests keep working")
        try second.identify(appUserID: "account-1")
        await second.pendingIdentify()
        #expect(state.identities.last?.externalId == ExternalId.make(from: "account-1"))
        await server.stop()
    }
}
