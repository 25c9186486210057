import SDKRuntime
import Testing

@Suite("withDeadline", .timeLimit(.minutes(3)))
struct ClockDeadlineTests {
    struct Failure: Error, Equatable {}

    /// How an operation under test ended, reported through a stream so tests can await it.
    enum Ending: Equatable, Sendable {
        case completed
        case cancelled
    }

    /// An operation that sleeps `duration` on `clock` and reports how it ended.
    static func sleeper(
        _ duration: Duration, on clock: ManualClock, reporting endings: AsyncStream<Ending>.Continuation
    ) -> @Sendable () async throws -> Int {
        {
            do {
                try await clock.sleep(for: duration)
                endings.yield(.completed)
                return 42
            } catch {
                endings.yield(.cancelled)
                throw error
            }
        }
    }

    @Test("returns the result when the operation finishes first")
    func finishesFirst() async throws {
        let clock = ManualClock()
        let value = try await withDeadline(.seconds(2), clock: clock) { 7 }
        #expect(value == 7)
    }

    @Test("rethrows the operation's error when it fails first")
    func failsFirst() async {
        let clock = ManualClock()
        await #expect(throws: Failure.self) {
            _ = try await withDeadline(.seconds(2), clock: clock) { () async throws -> Int in
                throw Failure()
            }
        }
    }

    @Test("returns the result of an operation that ends just before the deadline")
    func endsBeforeDeadline() async throws {
        let clock = ManualClock()
        let (endings, reporter) = AsyncStream.makeStream(of: Ending.self)
        let waiting = Task {
            try await withDeadline(
                .seconds(2), clock: clock,
                operation: Self.sleeper(.seconds(1), on: clock, reporting: reporter))
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(1))
        #expect(try await waiting.value == 42)
        var iterator = endings.makeAsyncIterator()
        #expect(await iterator.next() == .completed)
    }

    @Test("returns nil at the deadline and cancels the operation by default")
    func timesOutAndCancels() async throws {
        let clock = ManualClock()
        let (endings, reporter) = AsyncStream.makeStream(of: Ending.self)
        let waiting = Task {
            try await withDeadline(
                .seconds(2), clock: clock,
                operation: Self.sleeper(.seconds(10), on: clock, reporting: reporter))
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        #expect(try await waiting.value == nil)
        var iterator = endings.makeAsyncIterator()
        #expect(await iterator.next() == .cancelled)
        #expect(clock.sleeperCount == 0)
    }

    @Test("with cancelOnTimeout: false the operation keeps running after the deadline")
    func timesOutAndContinues() async throws {
        let clock = ManualClock()
        let (endings, reporter) = AsyncStream.makeStream(of: Ending.self)
        let waiting = Task {
            try await withDeadline(
                .seconds(2), clock: clock, cancelOnTimeout: false,
                operation: Self.sleeper(.seconds(10), on: clock, reporting: reporter))
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        #expect(try await waiting.value == nil)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(8))
        var iterator = endings.makeAsyncIterator()
        #expect(await iterator.next() == .completed)
    }

    @Test("a cancelled caller gets CancellationError and the operation is cancelled")
    func callerCancelled() async throws {
        let clock = ManualClock()
        let (endings, reporter) = AsyncStream.makeStream(of: Ending.self)
        let waiting = Task {
            try await withDeadline(
                .seconds(2), clock: clock,
                operation: Self.sleeper(.seconds(10), on: clock, reporting: reporter))
        }
        await clock.waitForSleepers(2)
        waiting.cancel()
        let result = await waiting.result
        #expect(throws: CancellationError.self) { try result.get() }
        var iterator = endings.makeAsyncIterator()
        #expect(await iterator.next() == .cancelled)
    }
}
