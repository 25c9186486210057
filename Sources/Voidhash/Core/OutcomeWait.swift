import SDKRuntime
import Synchronization

/// A one-time decision between an outcome and giving up, for one waiter.
///
/// Whoever comes first wins: `deliver(_:)` (the outcome arrived) or `expire()` (the time limit
/// passed, or the waiter was cancelled). The loser learns it lost from the return value, so an
/// outcome that arrives after its waiter gave up is handled as a late one, never lost.
final class OutcomeWait<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value?, Never>?)
        case decided(Value?)
    }

    private let state = Mutex(State.waiting(nil))

    /// An undecided wait.
    init() {}

    /// Offers the outcome; returns whether it was taken (the waiter had not given up).
    @discardableResult
    func deliver(_ value: Value) -> Bool { decide(value) }

    /// Gives up; returns whether that decided the wait (no outcome had arrived).
    @discardableResult
    func expire() -> Bool { decide(nil) }

    /// The decision so far: `nil` while undecided, `.some(nil)` once expired, else the outcome.
    var decision: Value?? {
        state.withLock { state in
            if case .decided(let value) = state { value } else { nil }
        }
    }

    private func decide(_ value: Value?) -> Bool {
        let (taken, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Value?, Never>?) in
            guard case .waiting(let waiter) = state else { return (false, nil) }
            state = .decided(value)
            return (true, waiter)
        }
        waiter?.resume(returning: value)
        return taken
    }

    /// Waits for the decision: the outcome, or `nil` when the wait expired or the task was
    /// cancelled. Only one task may wait.
    func outcome() async -> Value? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let decided = state.withLock { state -> Value?? in
                    switch state {
                    case .decided(let value): return .some(value)
                    case .waiting: state = .waiting(continuation)
                    }
                    return .none
                }
                if let decided { continuation.resume(returning: decided) }
            }
        } onCancel: {
            expire()
        }
    }

    /// Waits for the outcome at most `limit` of `clock` time; `nil` when the limit passed first.
    func outcome(within limit: Duration, clock: any SDKClock) async -> Value? {
        let timer = Task { [self] in
            do {
                try await clock.sleep(for: limit)
                expire()
            } catch {
                // Cancelled: the outcome came first.
            }
        }
        defer { timer.cancel() }
        return await outcome()
    }
}
