import Foundation
import SDKRuntime
import Synchronization
import Testing

@testable import SDKPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data-protection gate follows the platform's protected-data signals (UIKit's two
/// notifications on Apple; a private center and names here), and a database file that exists
/// but cannot be opened for now is never taken for damage.
@Suite("Storage: protected data", .timeLimit(.minutes(3)))
struct StorageProtectedDataTests {
    private static let willLock = Notification.Name("test.protectedDataWillBecomeUnavailable")
    private static let didUnlock = Notification.Name("test.protectedDataDidBecomeAvailable")

    @Test func theProtectedDataNotificationsBecomeChangesInOrderAndOnlyThoseTwoNamesCount() async {
        let center = NotificationCenter()
        let source = ProtectedDataNotifications(
            center: center, willBecomeUnavailable: Self.willLock, didBecomeAvailable: Self.didUnlock)
        var changes = source.changes().makeAsyncIterator()

        center.post(name: Self.willLock, object: nil)
        center.post(name: Notification.Name("test.unrelated"), object: nil)
        center.post(name: Self.didUnlock, object: nil)
        center.post(name: Self.willLock, object: nil)
        #expect(await changes.next() == false)
        #expect(await changes.next() == true)
        #expect(await changes.next() == false)
    }

    @Test func aGateFollowingASourceLocksAndUnlocksAsItReports() async {
        let (changes, continuation) = AsyncStream.makeStream(of: Bool.self)
        let gate = DataProtectionGate(following: ScriptedSource(stream: changes), isAvailable: false)
        #expect(!gate.isAvailable)
        continuation.yield(true)
        await gate.waitUntilAvailable()
        #expect(gate.isAvailable, "opened by the source, not by hand")

        // A gate the source never locks keeps this loop going until the suite's time limit fails it.
        let closing = DataProtectionGate(following: ScriptedSource(stream: AsyncStream { $0.yield(false) }))
        while closing.isAvailable { await Task.yield() }
    }

    @Test func aGateFollowingASourceStartsFromTheStateTheSourceReportsNow() async {
        let (changes, continuation) = AsyncStream.makeStream(of: Bool.self)
        let gate = DataProtectionGate(following: ScriptedSource(stream: changes, now: false))
        // Locked by the source's answer alone (no change was reported); the time limit fails a gate that stays open.
        while gate.isAvailable { await Task.yield() }
        continuation.yield(true)
        await gate.waitUntilAvailable()
        #expect(gate.isAvailable, "changes still follow the first answer")
    }

    @Test func theProtectedDataNotificationsReadTheCurrentStateOnlyWhenGivenAWayToReadIt() async {
        let center = NotificationCenter()
        let silent = ProtectedDataNotifications(
            center: center, willBecomeUnavailable: Self.willLock, didBecomeAvailable: Self.didUnlock)
        #expect(await silent.isAvailableNow() == nil)
        let reading = ProtectedDataNotifications(
            center: center, willBecomeUnavailable: Self.willLock, didBecomeAvailable: Self.didUnlock,
            currentAvailability: { false })
        #expect(await reading.isAvailableNow() == false)
    }

    @Test func onlyEACCESAndEPERMMeanNotReadableForNow() {
        #expect(DataProtectionGate.meansNotReadableForNow(errno: EACCES))
        #expect(DataProtectionGate.meansNotReadableForNow(errno: EPERM))
        for other in [ENOENT, EIO, EISDIR, ENOSPC, EROFS] {
            #expect(!DataProtectionGate.meansNotReadableForNow(errno: other), "errno \(other)")
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root opens files whatever their permissions"))
    func aDatabaseThatCannotBeOpenedForNowIsNeverMovedAside() throws {
        let directory = StorageTestDirectory()
        try directory.open().close()
        let names = try directory.fileNames()
        chmod(directory.databaseURL().path, 0)
        #expect(throws: StorageError.temporarilyUnavailable) { try directory.open() }
        #expect(try directory.fileNames() == names)
        chmod(directory.databaseURL().path, 0o600)
        #expect(try directory.open().openReport.movedAside.isEmpty)
    }

    /// The same rule as root, which opens any file: the gate's file probe says "not readable
    /// for now" while the gate itself is open, as before the first unlock after a restart.
    @Test func aDatabaseThatCannotBeReadForNowBehindAnOpenGateIsNeverMovedAsideNorReplaced() throws {
        let directory = StorageTestDirectory()
        let stored = try directory.open()
        try stored.keyValues.set("kept", forKey: "identity")
        stored.close()
        let names = try directory.fileNames()
        let unreadable = Mutex(true)
        let gate = DataProtectionGate(isAvailable: true) { path in
            unreadable.withLock { $0 } && FileManager.default.fileExists(atPath: path)
        }
        #expect(throws: StorageError.temporarilyUnavailable) { try directory.open(gate: gate) }
        #expect(try directory.fileNames() == names)

        unreadable.withLock { $0 = false }
        let reopened = try directory.open(gate: gate)
        #expect(reopened.openReport.movedAside.isEmpty)
        #expect(!reopened.openReport.createdNewDatabase)
        #expect(try reopened.keyValues.value(String.self, forKey: "identity") == "kept")
    }
}

/// A source whose changes (and answer to `isAvailableNow()`) a test writes.
private struct ScriptedSource: ProtectedDataSource {
    let stream: AsyncStream<Bool>
    var now: Bool?

    func changes() -> AsyncStream<Bool> { stream }

    func isAvailableNow() async -> Bool? { now }
}
