import Foundation
import SDKRuntime
import Testing

@Suite("ManualClock", .timeLimit(.minutes(3)))
struct ClockManualClockTests {
    @Test("now() starts at the given date, can be set, and moves with advance(by:)")
    func wallClock() {
        let start = Date(timeIntervalSince1970: 1_000)
        let clock = ManualClock(now: start)
        #expect(clock.now() == start)
        clock.advance(by: .milliseconds(1_500))
        #expect(clock.now() == start.addingTimeInterval(1.5))
        #expect(clock.elapsed == .milliseconds(1_500))
        let later = Date(timeIntervalSince1970: 9_999)
        clock.setNow(later)
        #expect(clock.now() == later)
        #expect(clock.elapsed == .milliseconds(1_500))
    }

    @Test("a negative advance moves neither the clock nor the date")
    func negativeAdvanceDoesNothing() {
        let start = Date(timeIntervalSince1970: 1_000)
        let clock = ManualClock(now: start)
        clock.advance(by: .seconds(2))
        clock.advance(by: .seconds(-1))
        #expect(clock.elapsed == .seconds(2))
        #expect(clock.now() == start.addingTimeInterval(2))
    }

    @Test("sleep returns only once the clock reaches the deadline")
    func sleepUntilDeadline() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(4_999))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 0)
        try await sleeper.value
    }

    @Test("a zero or negative sleep returns at once without registering")
    func zeroSleep() async throws {
        let clock = ManualClock()
        try await clock.sleep(for: .zero)
        try await clock.sleep(for: .seconds(-1))
        #expect(clock.sleeperCount == 0)
    }

    @Test("advance wakes only the sleepers that are due")
    func partialWake() async throws {
        let clock = ManualClock()
        let short = Task { try await clock.sleep(for: .seconds(1)) }
        let long = Task { try await clock.sleep(for: .seconds(3)) }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        try await short.value
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await long.value
        #expect(clock.sleeperCount == 0)
    }

    @Test("setting the wall-clock date wakes no sleeper")
    func setNowDoesNotWake() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)
        clock.setNow(clock.now().addingTimeInterval(3_600))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
    }

    @Test("a cancelled sleeper throws CancellationError and is removed")
    func cancelledSleeper() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test("a task cancelled before it sleeps throws at once")
    func cancelledBeforeSleeping() async {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(60))
        }
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test("waitForSleepers returns once enough sleepers are registered")
    func waitForSeveralSleepers() async throws {
        let clock = ManualClock()
        await clock.waitForSleepers(0)
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        let second = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(2)
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        try await first.value
        try await second.value
    }

    @Test("a cancelled waitForSleepers returns without a sleeper")
    func cancelledWaiter() async {
        let clock = ManualClock()
        let waiter = Task { await clock.waitForSleepers(1) }
        waiter.cancel()
        await waiter.value
        #expect(clock.sleeperCount == 0)
    }
}
