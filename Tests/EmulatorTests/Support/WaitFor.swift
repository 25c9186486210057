import Synchronization

/// Runs `wait` until it returns (`true`), unless `call` ends first (`false`).
///
/// A fault test waits for its call to reach a point (a retry wait, a time limit, a held
/// request); when the rule under test is broken the call may end without ever reaching it, and
/// the test then fails at once instead of hanging until its time limit.
func waitFor<Value: Sendable>(
    _ wait: @escaping @Sendable () async -> Void, orEndOf call: Task<Value, Never>
) async -> Bool {
    let first = FirstOutcome()
    return await withCheckedContinuation { continuation in
        first.arm(continuation)
        let waiter = Task {
            await wait()
            first.finish(true)
        }
        Task {
            _ = await call.value
            first.finish(false)
            waiter.cancel()
        }
    }
}

/// Hands the first of several outcomes to a continuation, once; later ones are ignored.
private final class FirstOutcome: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Bool, Never>?, outcome: Bool?)>((nil, nil))

    /// Sets the continuation that receives the outcome (at once if one arrived already).
    func arm(_ continuation: CheckedContinuation<Bool, Never>) {
        let early = state.withLock { state -> Bool? in
            guard let outcome = state.outcome else {
                state.continuation = continuation
                return nil
            }
            return outcome
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Records `outcome` unless one was recorded before.
    func finish(_ outcome: Bool) {
        let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}
