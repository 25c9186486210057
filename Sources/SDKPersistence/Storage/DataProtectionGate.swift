import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whether protected data can be read and written right now.
///
/// On a locked iPhone, files with data protection cannot be opened; reading one must not be
/// mistaken for corruption. The SDK locks the gate when the system says protected data is going
/// away and unlocks it when it is back. While the gate is locked, every storage operation throws
/// `StorageError.temporarilyUnavailable` and changes nothing.
///
/// A gate follows a `ProtectedDataSource` (`init(following:isAvailable:)`); `system` follows the
/// platform's signals. A gate made with `init(isAvailable:)` follows nothing: tests lock and
/// unlock it by hand.
///
/// An open gate does not promise that a file can be read: before the device's first unlock no
/// notification says that protected data is unavailable, so the storage also asks the file
/// itself before it opens a database.
public final class DataProtectionGate: Sendable {
    private struct State {
        var isLocked: Bool
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state: Mutex<State>
    /// The task applying the source's changes, cancelled with the gate.
    private let following = Mutex<Task<Void, Never>?>(nil)
    /// Whether the file at a path exists but cannot be opened for reading for now.
    private let fileProbe: @Sendable (String) -> Bool

    /// A gate that starts available, or locked when `isAvailable` is `false`.
    public convenience init(isAvailable: Bool = true) {
        self.init(isAvailable: isAvailable, fileProbe: StorageFiles.isUnreadableForNow)
    }

    /// A gate whose `cannotReadForNow(_:)` answers with `fileProbe`: how tests, which run as
    /// root and so can open any file, make a database "not readable for now".
    init(isAvailable: Bool, fileProbe: @escaping @Sendable (String) -> Bool) {
        state = Mutex(State(isLocked: !isAvailable))
        self.fileProbe = fileProbe
    }

    /// A gate that starts as `isAvailable` says, takes the state `source` reports at the start
    /// (`ProtectedDataSource.isAvailableNow()`, when it knows), then locks and unlocks as
    /// `source` reports, in the order it reports. Observation starts before this returns, so no
    /// change is missed.
    public convenience init(following source: some ProtectedDataSource, isAvailable: Bool = true) {
        self.init(isAvailable: isAvailable)
        let changes = source.changes()
        let task = Task { [weak self] in
            // Changes posted while the source is asked wait in `changes` and come after its answer.
            if let now = await source.isAvailableNow() { self?.set(available: now) }
            for await available in changes {
                guard let self else { return }
                set(available: available)
            }
        }
        following.withLock { $0 = task }
    }

    deinit {
        following.withLock { $0?.cancel() }
    }

    /// The gate the SDKs use unless told otherwise: on iOS, iPadOS, tvOS, visionOS and Mac
    /// Catalyst it follows UIKit's protected-data notifications (`ProtectedDataNotifications.system`);
    /// on macOS, watchOS and Linux nothing locks it.
    ///
    /// It starts available: app extensions cannot ask `UIApplication` whether protected data is
    /// available, so a launch before the first unlock is recognised by the storage itself (a file
    /// that exists but cannot be opened is "not readable for now", never damage). An app (not an
    /// extension) may follow `ProtectedDataNotifications.application` instead, which also reads
    /// the state at the start.
    public static let system: DataProtectionGate = {
        #if canImport(UIKit) && !os(watchOS)
            DataProtectionGate(following: ProtectedDataNotifications.system)
        #else
            DataProtectionGate()
        #endif
    }()

    /// Whether a failed `open` of a file that exists means "not readable for now" rather than
    /// damage: `EACCES` or `EPERM`, what a data-protected file gives while its class key is not
    /// available (before the first unlock after a restart; while locked, for the Complete class).
    /// Both SDKs wait for such a file and never move it aside or replace what it holds.
    public static func meansNotReadableForNow(errno code: Int32) -> Bool {
        code == EACCES || code == EPERM
    }

    /// Whether storage may be used now.
    public var isAvailable: Bool {
        state.withLock { !$0.isLocked }
    }

    /// How long the SDKs wait before trying again a file that cannot be read for now although
    /// the gate is open: before the device's first unlock no notification says when it can be.
    public static let unreadableRetryInterval: Duration = .seconds(5)

    /// Whether the file at `path` exists but cannot be opened for reading for now (see
    /// `meansNotReadableForNow(errno:)`), whatever `isAvailable` says: a data-protected file
    /// after a background launch before the first unlock, which no notification announces.
    package func cannotReadForNow(_ path: String) -> Bool {
        fileProbe(path)
    }

    /// How many `waitUntilAvailable()` calls are suspended (for tests).
    var waiterCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Unlocks when `available`, else locks.
    private func set(available: Bool) {
        if available { unlock() } else { lock() }
    }

    /// Marks protected data as unavailable (the device locked).
    public func lock() {
        state.withLock { $0.isLocked = true }
    }

    /// Marks protected data as available again and wakes every `waitUntilAvailable()`.
    public func unlock() {
        let waiters = state.withLock { state in
            state.isLocked = false
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is available, or as soon as the calling task is cancelled.
    public func waitUntilAvailable() async {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    guard state.isLocked, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
