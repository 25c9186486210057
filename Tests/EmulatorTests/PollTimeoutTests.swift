import Testing

@testable import SDKEmulator

/// The wait handed to `poll()`: whole milliseconds, never negative, clamped instead of wrapping.
@Suite("poll() timeouts", .timeLimit(.minutes(3)))
struct PollTimeoutTests {
    @Test(
        "a duration becomes its whole milliseconds, rounded down",
        arguments: [
            (Duration.seconds(2), Int32(2_000)), (.milliseconds(1_500), 1_500), (.microseconds(999), 0),
            (.milliseconds(1) + .microseconds(999), 1), (.zero, 0),
        ])
    func wholeMilliseconds(duration: Duration, expected: Int32) {
        #expect(duration.pollMilliseconds == expected)
    }

    @Test("a negative duration waits not at all; one past Int32 milliseconds waits the longest poll() allows")
    func outOfRangeDurationsAreClamped() {
        #expect(Duration.milliseconds(-5).pollMilliseconds == 0)
        #expect(Duration.seconds(Int64(Int32.max)).pollMilliseconds == .max)
        #expect(Duration.seconds(Int64.max / 10).pollMilliseconds == .max)
        #expect(Duration.seconds(Int64.min / 10).pollMilliseconds == 0)
    }
}
