import Foundation
import SDKRuntime
import Synchronization
import TestSupport
import Testing

@testable import SDKPersistence
@testable import Voidhash

/// What an instance starts from: what is stored, also when another instance (an app extension,
/// in a process of its own) launches on the same storage at the same moment.
@Suite("What a launch starts from", .timeLimit(.minutes(2)))
struct VoidhashLaunchTests {
    /// Two launches on a fresh install, each through its own connection, read and store at the
    /// same moment, 40 times: they store one anonymous identity and both start from it.
    @Test func launchesAtOnceOnAFreshInstallStartFromOneIdentity() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("voidhash-launch-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rounds = 40
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let storages = try (0..<rounds).map { round in
            try (0..<2).map { _ in try SDKStorage.open(directory: directory, name: "install-\(round)", clock: clock) }
        }
        defer { for storage in storages.joined() { storage.close() } }
        let launched = Mutex([[LaunchState]](repeating: [], count: rounds))
        raceRounds(rounds) { instance, round in
            let launch = LaunchState.read(
                from: storages[round][instance], consent: nil, clock: clock,
                reporter: Reporter(onWarning: nil, onDiagnostic: nil))
            launched.withLock { $0[round].append(launch) }
        }
        for (round, pair) in launched.withLock({ $0 }).enumerated() {
            let stored = try storages[round][0].keyValues.value(IdentityRecord.self, forKey: StoreKeys.identity)
            #expect(pair.map(\.identity.distinctId) == [stored?.distinctId, stored?.distinctId], "round \(round)")
            // Exactly one of them made it; the other found it stored.
            #expect(pair.filter(\.identityWasStored).count == 1, "round \(round)")
        }
    }

    /// A stored consent that cannot be read is not taken as granted: the user may have refused.
    /// Nothing stored means granted, as the options say.
    @Test func aStoredConsentThatCannotBeReadIsNotGranted() throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let reporter = Reporter(onWarning: nil, onDiagnostic: nil)
        let fresh = try SDKStorage.inMemory()
        #expect(LaunchState.read(from: fresh, consent: nil, clock: clock, reporter: reporter).consent == .granted)
        for damaged in [#""denied ""#, "not json", #"{"consent":"denied"}"#] {
            let storage = try SDKStorage.inMemory()
            try storage.keyValues.set(VoidhashAnalyticsConsent.denied, forKey: StoreKeys.consent)
            try storage.database.access { (connection) throws(StorageError) in
                try connection.execute(
                    "UPDATE key_value SET value = CAST('\(damaged)' AS BLOB) WHERE key = '\(StoreKeys.consent)'")
            }
            let diagnostics = Mutex<[VoidhashDiagnostic.Code]>([])
            let launch = LaunchState.read(
                from: storage, consent: nil, clock: clock,
                reporter: Reporter(
                    onWarning: nil, onDiagnostic: { diagnostic in diagnostics.withLock { $0.append(diagnostic.code) } }
                ))
            #expect(launch.consent == .pending, "\(damaged)")
            #expect(!diagnostics.withLock { $0 }.isEmpty, "the damage is reported")
            #expect(
                LaunchState.read(from: storage, consent: .granted, clock: clock, reporter: reporter).consent == .granted
            )
        }
    }

    /// An earlier version's list of synced transactions leaves the key-value store only once the
    /// queue's once-table holds it: when the table refuses, the list stays for the next launch.
    @Test func syncedTransactionsStayStoredUntilTheQueueRecordsThem() throws {
        let storage = try SDKStorage.inMemory()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try storage.keyValues.set(["tx-old"], forKey: StoreKeys.syncedTransactions)
        try storage.database.access { (connection) throws(StorageError) in
            try connection.execute(
                "CREATE TRIGGER refuse BEFORE INSERT ON queued_once BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        let diagnostics = Mutex<[VoidhashDiagnostic.Code]>([])
        let reporter = Reporter(
            onWarning: nil, onDiagnostic: { diagnostic in diagnostics.withLock { $0.append(diagnostic.code) } })
        _ = LaunchState.read(from: storage, consent: nil, clock: clock, reporter: reporter)
        #expect(diagnostics.withLock { $0 } == [.storageWriteFailed])
        #expect(try storage.keyValues.value([String].self, forKey: StoreKeys.syncedTransactions) == ["tx-old"])

        try storage.database.access { (connection) throws(StorageError) in
            try connection.execute("DROP TRIGGER refuse")
        }
        _ = LaunchState.read(from: storage, consent: nil, clock: clock, reporter: reporter)
        #expect(diagnostics.withLock { $0 } == [.storageWriteFailed])
        #expect(try storage.keyValues.value([String].self, forKey: StoreKeys.syncedTransactions) == nil)
        #expect(try storage.queue.isRecordedOnce(VoidhashCore.onceKey(transactionId: "tx-old")))
    }

    /// A launch whose state cannot be stored (the write is refused) starts from what it read or
    /// made, in memory, and says so: the app learns that the identity may not outlive the launch.
    @Test func aLaunchStateThatCannotBeStoredIsReportedAndKeptInMemory() throws {
        let storage = try SDKStorage.inMemory()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try storage.database.access { (connection) throws(StorageError) in
            try connection.execute(
                "CREATE TRIGGER refuse BEFORE INSERT ON key_value BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        let diagnostics = Mutex<[VoidhashDiagnostic.Code]>([])
        let reporter = Reporter(
            onWarning: nil, onDiagnostic: { diagnostic in diagnostics.withLock { $0.append(diagnostic.code) } })
        let launch = LaunchState.read(from: storage, consent: nil, clock: clock, reporter: reporter)
        #expect(diagnostics.withLock { $0 } == [.storageWriteFailed])
        #expect(launch.identity.isAnonymous && !launch.identityWasStored)
        #expect(try storage.keyValues.value(IdentityRecord.self, forKey: StoreKeys.identity) == nil)
    }
}
