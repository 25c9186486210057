import Synchronization

/// Runs pieces of async work one after another, in the order they were handed over, each in
/// its own task; the caller waits only when it asks to.
///
/// The SDKs use it to keep calls in the order they were made while they wait for something
/// (storage, the device's first unlock), and to send requests one after another in the
/// background.
public final class SerialWork: Sendable {
    private struct State {
        var tail: (@Sendable () async -> Void)?
        var pending = 0
    }

    private let state = Mutex(State())

    /// An idle queue.
    public init() {}

    /// Starts `work` once everything handed over before it has finished, and returns its task.
    @discardableResult
    public func add<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Task<Value, Never> {
        state.withLock { state in
            let previous = state.tail
            state.pending += 1
            let task = Task {
                await previous?()
                let value = await work()
                self.state.withLock { $0.pending -= 1 }
                return value
            }
            state.tail = { _ = await task.value }
            return task
        }
    }

    /// Runs `work` after everything handed over before it, and returns its value once it has
    /// finished.
    public func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) async -> Value {
        await add(work).value
    }

    /// How many pieces of work have been handed over and not finished.
    public var pendingCount: Int {
        state.withLock { $0.pending }
    }

    /// Returns once everything handed over so far (and while waiting) has finished.
    public func idle() async {
        while let tail = state.withLock({ $0.pending > 0 ? $0.tail : nil }) {
            await tail()
        }
    }
}
