import Synchronization

/// Runs pieces of async work one after another, in the order they were handed over, each in
/// its own task; the caller does not wait unless it asks to.
final class SerialWork: Sendable {
    private struct State {
        var tail: Task<Void, Never>?
        var pending = 0
    }

    private let state = Mutex(State())

    /// An idle queue.
    init() {}

    /// Starts `work` once everything handed over before it has finished, and returns its task.
    @discardableResult
    func add(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        state.withLock { state in
            let previous = state.tail
            state.pending += 1
            let task = Task {
                await previous?.value
                await work()
                self.state.withLock { $0.pending -= 1 }
            }
            state.tail = task
            return task
        }
    }

    /// Runs `work` after everything handed over before it, and returns when it has finished.
    func run(_ work: @escaping @Sendable () async -> Void) async {
        await add(work).value
    }

    /// How many pieces of work have been handed over and not finished.
    var pendingCount: Int {
        state.withLock { $0.pending }
    }

    /// Returns once everything handed over so far (and while waiting) has finished.
    func idle() async {
        while let tail = state.withLock({ $0.pending > 0 ? $0.tail : nil }) {
            await tail.value
        }
    }
}
