import Foundation
import SDKRuntime
import Synchronization

/// Moves a manual clock forward on a thread of its own (never the cooperative pool, which a
/// load test keeps busy), so the SDK's waits and back-offs end at a steady pace.
final class ClockTicker: Sendable {
    private let running = Mutex(true)

    /// Starts advancing `clock` by `step` every `interval` of real time.
    init(_ clock: ManualClock, step: Duration, every interval: Duration) {
        let (seconds, attoseconds) = interval.components
        let microseconds = useconds_t(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        Thread { [self] in
            while running.withLock({ $0 }) {
                clock.advance(by: step)
                usleep(microseconds)
            }
        }.start()
    }

    /// Stops advancing the clock.
    func stop() {
        running.withLock { $0 = false }
    }
}
