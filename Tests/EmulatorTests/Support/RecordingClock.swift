import Foundation
import SDKRuntime

/// Remembers the sleeps asked of a clock.
actor SleepLog {
    private(set) var durations: [Duration] = []
    func record(_ duration: Duration) { durations.append(duration) }
}

/// A clock frozen at `date` whose sleeps return at once and are recorded.
struct RecordingClock: SDKClock {
    let date: Date
    let sleeps = SleepLog()

    func now() -> Date { date }
    func sleep(for duration: Duration) async throws { await sleeps.record(duration) }
}
