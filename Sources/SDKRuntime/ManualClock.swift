import Foundation
import Synchronization

/// A clock that only moves when a test moves it.
///
/// `sleep(for:)` suspends until `advance(by:)` has moved the clock's elapsed time to or past the
/// sleeper's deadline, so tests exercise time limits and back-off without waiting for real.
/// The wall-clock date returned by `now()` moves with `advance(by:)` and can also be set on its
/// own with `setNow(_:)`, like a user changing the device clock; setting it wakes no sleeper,
/// because deadlines are measured in elapsed time, never in wall-clock time.
///
/// Each sleep starts counting from the elapsed time at the moment it is registered: a single
/// `advance(by:)` wakes the sleepers due by then, and a sleep that starts after it counts from
/// the new time.
public final class ManualClock: SDKClock, Sendable {
    private struct Sleeper {
        let id: UInt64
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct SleeperWaiter {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var date: Date
        var elapsed: Duration = .zero
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var waiters: [SleeperWaiter] = []
        /// IDs handed out but not yet registered, mapped to whether their task was cancelled
        /// in between.
        var unregistered: [UInt64: Bool] = [:]

        mutating func makeID() -> UInt64 {
            nextID += 1
            unregistered[nextID] = false
            return nextID
        }

        /// Marks `id` as registered; returns whether its task was cancelled before that.
        mutating func register(_ id: UInt64) -> Bool {
            unregistered.removeValue(forKey: id) ?? false
        }

        /// Records a cancellation that arrived before `id` was registered.
        mutating func cancelEarly(_ id: UInt64) {
            if unregistered[id] != nil { unregistered[id] = true }
        }

        /// Removes and returns the waiters satisfied by the current number of sleepers.
        mutating func takeSatisfiedWaiters() -> [SleeperWaiter] {
            let count = sleepers.count
            let satisfied = waiters.filter { $0.count <= count }
            waiters.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state: Mutex<State>

    /// A clock whose wall-clock date starts at `now` and whose elapsed time starts at zero.
    ///
    /// The default date is a fixed instant (2023-11-14T22:13:20Z), so tests are reproducible.
    public init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Mutex(State(date: now))
    }

    /// The clock's wall-clock date.
    public func now() -> Date {
        state.withLock { $0.date }
    }

    /// Sets the wall-clock date without moving elapsed time, so no sleeper wakes.
    public func setNow(_ date: Date) {
        state.withLock { $0.date = date }
    }

    /// How much time `advance(by:)` has moved the clock since it was created.
    public var elapsed: Duration {
        state.withLock { $0.elapsed }
    }

    /// How many tasks are currently suspended in `sleep(for:)`.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock has been advanced by `duration`.
    ///
    /// Returns at once for a zero or negative duration. Throws `CancellationError` when the task
    /// is (or becomes) cancelled; a cancelled sleeper no longer counts in `sleeperCount`.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        guard duration > .zero else { return }
        let id = state.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let (accepted, waiters) = state.withLock { state -> (Bool, [SleeperWaiter]) in
                    if state.register(id) { return (false, []) }
                    let sleeper = Sleeper(
                        id: id, deadline: state.elapsed + duration, continuation: continuation)
                    state.sleepers.append(sleeper)
                    return (true, state.takeSatisfiedWaiters())
                }
                if !accepted { continuation.resume(throwing: CancellationError()) }
                for waiter in waiters { waiter.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelEarly(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves elapsed time and the wall-clock date forward by `duration` and wakes, in deadline
    /// order, every sleeper whose deadline has been reached. A negative duration does nothing.
    public func advance(by duration: Duration) {
        guard duration > .zero else { return }
        let due = state.withLock { state -> [Sleeper] in
            state.elapsed += duration
            state.date += duration.timeInterval
            let now = state.elapsed
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are suspended in `sleep(for:)`, or when the calling
    /// task is cancelled. Suspends without sleeping for real.
    public func waitForSleepers(_ count: Int) async {
        let id = state.withLock { $0.makeID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.register(id) || state.sleepers.count >= count {
                        return true
                    }
                    state.waiters.append(SleeperWaiter(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> SleeperWaiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelEarly(id)
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume()
        }
    }
}
