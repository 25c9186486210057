/// When and how long to wait before sending a request again: exponential back-off with full
/// jitter, and the server's `Retry-After` when it sent one.
public struct RetryPolicy: Sendable {
    /// The most times a request is sent, the first attempt included (1 means never retry).
    public var maxAttempts: Int
    /// The back-off ceiling after the first failed attempt; it doubles with each later one.
    public var baseDelay: Duration
    /// The largest back-off ceiling, whatever the attempt.
    public var maxDelay: Duration
    /// The longest wait a server's `Retry-After` can impose; longer requests are cut to this.
    public var maxRetryAfter: Duration
    /// The jitter source: a number in `[0, 1)` (values outside are clamped into it).
    public var random: @Sendable () -> Double

    /// A policy with the given limits.
    ///
    /// The defaults (3 attempts, 0.5 s doubling up to 30 s, `Retry-After` up to 60 s) suit a
    /// foreground call; a background outbox may allow more attempts.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30), maxRetryAfter: Duration = .seconds(60),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.random = random
    }

    /// The wait after attempt number `attempt` (1 for the first send) failed.
    ///
    /// With `retryAfter`, that wait wins, without jitter, cut to `maxRetryAfter` (a negative
    /// one counts as zero). Otherwise a uniformly random share ("full jitter") of
    /// `min(maxDelay, baseDelay × 2^(attempt − 1))`.
    public func delay(forAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter {
            return min(max(retryAfter, .zero), maxRetryAfter)
        }
        let doublings = min(max(attempt, 1), 64) - 1
        let growth = Double(sign: .plus, exponent: doublings, significand: 1)
        let ceiling = min(baseDelay.timeInterval * growth, maxDelay.timeInterval)
        let draw = random()
        let share = draw.isNaN ? 0 : min(max(draw, 0), 1.0.nextDown)
        return .seconds(max(ceiling, 0) * share)
    }

    /// Whether a response with `status` is worth sending again: 408, 429 and every 5xx.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// Whether a request that failed with `error` is worth sending again: a timeout, a broken
    /// connection or no connection. Cancellations and refused requests are not.
    public static func isRetryable(_ error: TransportError) -> Bool {
        switch error {
        case .timedOut, .connectionLost, .unreachable: true
        case .cancelled, .invalidRequest: false
        }
    }
}
