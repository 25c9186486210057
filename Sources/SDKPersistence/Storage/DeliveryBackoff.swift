import Foundation
import SDKRuntime

/// How long to wait after failed deliveries: exponential, with jitter, capped.
///
/// After `n` failed attempts the ceiling is `initialDelay × 2ⁿ⁻¹`, at most `maximumDelay`, and
/// the delay is drawn between half the ceiling and the ceiling (so clients that failed together
/// do not retry together). A server's `Retry-After` is a lower bound, up to `maximumDelay`: a
/// server asking for years (or a garbled header) would otherwise stop delivery for good.
public struct DeliveryBackoff: Sendable, Hashable {
    /// The ceiling after the first failure.
    public var initialDelay: Duration
    /// The largest ceiling.
    public var maximumDelay: Duration

    /// A policy starting at `initialDelay` (default 0.5 s) and capped at `maximumDelay`
    /// (default 5 minutes).
    public init(initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(300)) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The delay after `attempts` failures (counted from 1), at least `retryAfter` cut to
    /// `maximumDelay`.
    ///
    /// `unit`, from 0 to 1, picks the point between half the ceiling and the ceiling; the pump
    /// passes a random number.
    public func delay(afterAttempts attempts: Int, retryAfter: Duration? = nil, unit: Double)
        -> Duration
    {
        let exponent = Double(min(max(attempts, 1), 64) - 1)
        let ceiling = min(
            Self.seconds(initialDelay) * pow(2, exponent), Self.seconds(maximumDelay))
        let position = unit.isFinite ? min(max(unit, 0), 1) : 1
        let jittered = ceiling / 2 + ceiling / 2 * position
        return .seconds(max(jittered, retryAfter.map(asked) ?? 0))
    }

    /// What a server's `Retry-After` of `retryAfter` makes the pump wait: at least the
    /// `initialDelay`, at most the `maximumDelay`, in seconds.
    func asked(_ retryAfter: Duration) -> TimeInterval {
        min(max(Self.seconds(retryAfter), Self.seconds(initialDelay)), Self.seconds(maximumDelay))
    }

    /// `duration` in seconds, never negative.
    static func seconds(_ duration: Duration) -> TimeInterval {
        max(0, duration.timeInterval)
    }
}
