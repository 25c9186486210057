import Synchronization

/// One clock that paces many callers, as a display's frame tick paces every view that reads on
/// it: each `next()` returns at the first tick after it was called, and one timer wakes every
/// waiting caller together.
///
/// A thousand tasks that each keep a `Task.sleep` timer of their own take about a core of this
/// 2-core machine for the timers alone; paced by one tick they make the same calls at the same
/// rate, in bursts, and the CPU left is the SDK's to use.
final class SharedTick: Sendable {
    /// The callers waiting for the next tick, and whether the tick has stopped.
    private struct State {
        var waiting: [CheckedContinuation<Void, Never>] = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let timer = Mutex<Task<Void, Never>?>(nil)

    /// Starts ticking every `interval`.
    init(every interval: Duration) {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                self?.wake(stopping: false)
            }
        }
        timer.withLock { $0 = task }
    }

    /// Returns at the next tick, or at once when the tick has stopped.
    func next() async {
        await withCheckedContinuation { continuation in
            let stopped = state.withLock { state in
                if !state.stopped { state.waiting.append(continuation) }
                return state.stopped
            }
            if stopped { continuation.resume() }
        }
    }

    /// Stops the timer and lets every waiting and later caller go on without waiting.
    func stop() {
        timer.withLock { $0?.cancel() }
        wake(stopping: true)
    }

    private func wake(stopping: Bool) {
        let waiting = state.withLock { state in
            if stopping { state.stopped = true }
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
