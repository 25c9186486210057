import Foundation
import Testing

@testable import SDKRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data-protection gate follows the platform's protected-data signals (UIKit's two
/// notifications on Apple; a private center and names here), and a database file that exists
/// but cannot be opened for now is never taken for damage.
@Suite("Storage: protected data", .timeLimit(.minutes(1)))
struct StorageProtectedDataTests {
    private static let willLock = Notification.Name("test.protectedDataWillBecomeUnavailable")
    private static let didUnlock = Notification.Name("test.protectedDataDidBecomeAvailable")

    @Test func theGateLocksAndUnlocksAsTheProtectedDataNotificationsSay() async {
        let center = NotificationCenter()
        let gate = DataProtectionGate(
            following: ProtectedDataNotifications(
                center: center, willBecomeUnavailable: Self.willLock, didBecomeAvailable: Self.didUnlock))
        #expect(gate.isAvailable)

        center.post(name: Self.willLock, object: nil)
        #expect(await eventually { !gate.isAvailable })
        let waiter = Task { await gate.waitUntilAvailable() }
        #expect(await eventually { gate.waiterCount == 1 })

        center.post(name: Self.didUnlock, object: nil)
        await waiter.value
        #expect(gate.isAvailable)

        center.post(name: Notification.Name("test.unrelated"), object: nil)
        center.post(name: Self.willLock, object: nil)
        #expect(await eventually { !gate.isAvailable }, "only the two names count, every time")
    }

    @Test func aGateFollowingASourceStartsAsToldAndAppliesChangesInOrder() async {
        let (changes, continuation) = AsyncStream.makeStream(of: Bool.self)
        let gate = DataProtectionGate(following: ScriptedSource(stream: changes), isAvailable: false)
        #expect(!gate.isAvailable)
        continuation.yield(true)
        continuation.yield(false)
        continuation.yield(true)
        continuation.finish()
        #expect(await eventually { gate.isAvailable })
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
}

/// A source whose changes a test writes.
private struct ScriptedSource: ProtectedDataSource {
    let stream: AsyncStream<Bool>

    func changes() -> AsyncStream<Bool> { stream }
}

/// Waits, yielding to other tasks, until `condition` holds; gives up after a generous real-time
/// cap, so that a broken rule fails the test instead of hanging the run.
private func eventually(_ condition: () async -> Bool) async -> Bool {
    let cap = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < cap {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
