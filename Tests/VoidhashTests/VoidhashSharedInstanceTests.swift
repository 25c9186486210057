import Foundation
import SDKEmulator
import SDKRuntime
import Synchronization
import TestSupport
import Testing

@testable import SDKPersistence
@testable import Voidhash

/// The tests that call `Voidhash.configure`, which replaces (and shuts down) the shared
/// instance: they run one at a time.
@Suite("Shared instance", .serialized, .timeLimit(.minutes(3)))
struct VoidhashSharedInstanceTests {
    @Test func configureMakesTheSharedInstanceAndShutsDownThePreviousOne() async throws {
        try await withSDKHarness { harness in
            let first = try Voidhash.configure(publishableKey: VoidhashEmulator.testKey, options: harness.options())
            #expect(Voidhash.shared === first)
            let second = try Voidhash.configure(publishableKey: VoidhashEmulator.testKey, options: harness.options())
            #expect(Voidhash.shared === second)
            #expect(await second.getDistinctId() == (await first.getDistinctId()))
            await second.shutdown()
        }
    }

    @Test func anInstanceReplacingOneThatWaitsForTheLockedDatabaseReadsGroupsAsEmptyAtOnceToo() async throws {
        try await withSDKHarness { harness in
            let stored = try harness.launch()
            await stored.group(type: "company", key: "acme")
            let storedId = await stored.getDistinctId()
            await stored.shutdown()

            // A background launch before the first unlock: the gate is open, the file refuses to open.
            let unreadable = Mutex(true)
            var options = harness.options()
            options.dataProtection = DataProtectionGate(isAvailable: true) { path in
                unreadable.withLock { $0 } && FileManager.default.fileExists(atPath: path)
            }
            let first = try Voidhash.configure(publishableKey: VoidhashEmulator.testKey, options: options)
            #expect(await promptly { await first.groups } == [:])
            let second = try Voidhash.configure(publishableKey: VoidhashEmulator.testKey, options: options)
            #expect(await promptly { await second.groups } == [:], "not waiting for the first to shut down")

            unreadable.withLock { $0 = false }
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: DataProtectionGate.unreadableRetryInterval + .seconds(1))
            #expect(await second.getDistinctId() == storedId)
            #expect(await second.groups == ["company": "acme"])
            await second.shutdown()
        }
    }

    /// The quickstart of `Examples/VoidhashQuickstart.md`, compiled and run against the
    /// emulator: configure, buy with the simulated store, sign in, and gate a feature on a perk.
    /// Beside the page's options it sets a storage folder of its own, ``loopbackTransport()``
    /// and a clock nobody moves: on the device clock, identify's 2-second wait ended before a
    /// busy machine (the thread sanitizer with the other core loaded) answered, and the page's
    /// `confirmed` was `deferred`.
    @Test func quickstartFromConfigureToHasActivePerk() async throws {
        // The emulator: the Voidhash API on 127.0.0.1, in memory.
        let emulator = VoidhashEmulator.makeServer()
        let baseURL = try await emulator.start()
        let storage = FileManager.default.temporaryDirectory
            .appendingPathComponent("voidhash-quickstart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }

        // 1. Configure once at launch, with a test key (simulated purchases count for it).
        let store = SimulatedPurchaseSource()
        let voidhash = try Voidhash.configure(
            publishableKey: "vh_pk_test_quickstart",
            options: VoidhashOptions(
                baseURL: baseURL, storageDirectory: storage, transport: loopbackTransport(), clock: ManualClock(),
                purchaseSource: store, onDiagnostic: { print("voidhash:", $0) }))

        // 2. Buy anonymously, then record the purchase.
        store.purchase(productId: "pro_monthly")
        try await voidhash.syncPurchases()

        // 3. Sign in: the anonymous purchase follows the user.
        let result = try await voidhash.identifyState(externalUserId: "user_123", email: "ada@example.com")
        print("identify:", result.status)

        // 4. Gate a feature on a perk.
        let person = try await Voidhash.shared?.getCurrentPerson()
        let hasPremium = person?.hasActivePerk("premium") ?? false
        print("premium:", hasPremium, "perks:", person?.activePerkSlugs ?? [])

        #expect(result.status == .confirmed)
        #expect(hasPremium)
        await voidhash.shutdown()
        await emulator.stop()
    }
}
