import Dispatch
import Synchronization

/// The result of a task, handed to a plain thread that blocks until it comes: how a connection's
/// thread (and the fuzz target's) waits for the dispatcher's async part.
final class TaskResultHandoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    /// A handoff nothing was handed to yet.
    init() {}

    /// Hands `result` over and wakes the waiting thread.
    func deliver(_ result: Value) {
        value.withLock { $0 = result }
        ready.signal()
    }

    /// Blocks the calling thread until `deliver(_:)` is called and returns what it handed over.
    func wait() -> Value? {
        ready.wait()
        return value.withLock { $0 }
    }
}
