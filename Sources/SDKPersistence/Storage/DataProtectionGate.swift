import Synchronization

/// Whether protected data can be read and written right now.
///
/// On a locked iPhone, files with data protection cannot be opened; reading one must not be
/// mistaken for corruption. The SDK locks the gate when the system says protected data is going
/// away and unlocks it when it is back. While the gate is locked, every storage operation throws
/// `StorageError.temporarilyUnavailable` and changes nothing.
///
/// A new gate is open (available); tests lock and unlock it by hand.
public final class DataProtectionGate: Sendable {
    private struct State {
        var isLocked: Bool
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state: Mutex<State>

    /// A gate that starts available, or locked when `isAvailable` is `false`.
    public init(isAvailable: Bool = true) {
        state = Mutex(State(isLocked: !isAvailable))
    }

    /// Whether storage may be used now.
    public var isAvailable: Bool {
        state.withLock { !$0.isLocked }
    }

    /// How many `waitUntilAvailable()` calls are suspended (for tests).
    var waiterCount: Int {
        state.withLock { $0.waiters.count }
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
