import Synchronization

/// One clock that paces many callers, as a display's frame tick paces every view that reads on
/// it: each `next()` returns at the first tick after it was called, and one timer wakes every
/// waiting caller together. While paused, no tick comes, and `pass()` holds its callers too, so
/// the callers make no new calls (those already under way at `pause()` finish).
///
/// A thousand tasks that each keep a `Task.sleep` timer of their own take about a core of this
/// 2-core machine for the timers alone; paced by one tick they make the same calls at the same
/// rate, in bursts, and the CPU left is the SDK's to use.
final class SharedTick: Sendable {
    /// The callers waiting, and whether the tick is paused or has stopped.
    private struct State {
        /// Callers waiting for the next tick.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Callers waiting in `pass()` for the pause to end.
        var held: [CheckedContinuation<Bool, Never>] = []
        var paused = false
        var stopped = false
    }

    private let state = Mutex(State())
    private let timer = Mutex<Task<Void, Never>?>(nil)

    /// Starts ticking every `interval`.
    init(every interval: Duration) {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                self?.tick()
            }
        }
        timer.withLock { $0 = task }
    }

    /// Returns at the next tick that is not paused, or at once when the tick has stopped.
    func next() async {
        await withCheckedContinuation { continuation in
            let stopped = state.withLock { state in
                if !state.stopped { state.waiting.append(continuation) }
                return state.stopped
            }
            if stopped { continuation.resume() }
        }
    }

    /// Returns at once unless the tick is paused; then when it resumes or stops. For callers
    /// that pace themselves and must still make no calls during a pause. Says whether it held
    /// the caller: callers released together call together, unless they spread out again.
    @discardableResult
    func pass() async -> Bool {
        guard state.withLock({ $0.paused && !$0.stopped }) else { return false }
        return await withCheckedContinuation { continuation in
            let held = state.withLock { state in
                guard state.paused, !state.stopped else { return false }
                state.held.append(continuation)
                return true
            }
            if !held { continuation.resume(returning: false) }
        }
    }

    /// Stops the ticks (and holds `pass()`) until `resume()`.
    func pause() {
        state.withLock { $0.paused = true }
    }

    /// Ends a pause with a tick at once (the callers waiting for one call now, not up to an
    /// interval later), and lets the callers held in `pass()` go on.
    func resume() {
        releaseEveryone(heldWereHeld: true) { $0.paused = false }
    }

    /// Stops the timer and lets every waiting and later caller go on without waiting.
    func stop() {
        timer.withLock { $0?.cancel() }
        releaseEveryone(heldWereHeld: false) { $0.stopped = true }
    }

    /// Makes `change` and lets every caller waiting for a tick or held in `pass()` go on, the
    /// held ones told `heldWereHeld`.
    private func releaseEveryone(heldWereHeld: Bool, after change: (inout State) -> Void) {
        let (waiting, held) = state.withLock { state in
            change(&state)
            defer {
                state.waiting = []
                state.held = []
            }
            return (state.waiting, state.held)
        }
        for continuation in waiting { continuation.resume() }
        for continuation in held { continuation.resume(returning: heldWereHeld) }
    }

    /// Wakes the callers waiting for a tick, unless paused.
    private func tick() {
        let waiting = state.withLock { state in
            guard !state.paused else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
