import Synchronization

/// Runs `operation` and waits for it at most `duration` of `clock` time.
///
/// - Returns: the operation's result, or `nil` when the clock reached the deadline first.
///   (When `T` is itself optional, a `nil` result and a timeout look alike; wrap such results.)
/// - Throws: the operation's error when it failed before the deadline; `CancellationError` at
///   once when the calling task is cancelled (the operation is then cancelled too).
/// - Parameters:
///   - duration: how long to wait, in `clock` time.
///   - clock: the clock that measures the wait; tests pass a `ManualClock`.
///   - cancelOnTimeout: whether to cancel the operation when the deadline passes. Pass `false`
///     for work that must go on in the background after the caller stops waiting (for example
///     an identity link the SDK keeps delivering); its eventual result is then discarded.
///   - operation: the work; it runs in its own task, so it must be `@Sendable` and escaping.
public func withDeadline<T: Sendable>(
    _ duration: Duration, clock: any SDKClock, cancelOnTimeout: Bool = true,
    operation: @escaping @Sendable () async throws -> T
) async throws -> T? {
    let race = DeadlineRace<T>()
    let work = Task {
        do {
            race.finish(.finished(.success(try await operation())))
        } catch {
            race.finish(.finished(.failure(error)))
        }
    }
    let timer = Task {
        do {
            try await clock.sleep(for: duration)
            race.finish(.deadline)
        } catch {
            // Cancelled: the operation finished first, or the caller was cancelled.
        }
    }
    let outcome = await withTaskCancellationHandler {
        await race.outcome()
    } onCancel: {
        race.finish(.cancelled)
    }
    timer.cancel()
    switch outcome {
    case .finished(let result):
        return try result.get()
    case .deadline:
        if cancelOnTimeout { work.cancel() }
        return nil
    case .cancelled:
        work.cancel()
        throw CancellationError()
    }
}

/// The first of three events to happen in `withDeadline`: the operation ends, the deadline
/// passes, or the caller is cancelled. Later events are ignored.
private final class DeadlineRace<T: Sendable>: Sendable {
    enum Outcome: Sendable {
        case finished(Result<T, any Error>)
        case deadline
        case cancelled
    }

    private struct State {
        var outcome: Outcome?
        var waiter: CheckedContinuation<Outcome, Never>?
    }

    private let state = Mutex(State())

    /// Records `outcome` unless another one came first, and wakes the waiter.
    func finish(_ outcome: Outcome) {
        let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// Waits for the first outcome.
    func outcome() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Outcome? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
