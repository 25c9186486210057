import SDKRuntime
import Testing

@Suite("RetryPolicy", .timeLimit(.minutes(3)))
struct RetryPolicyTests {
    static func policy(random: Double) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: 5, baseDelay: .milliseconds(500), maxDelay: .seconds(30),
            maxRetryAfter: .seconds(60), random: { random })
    }

    @Test("Retry-After wins over back-off and is not jittered")
    func retryAfterWins() {
        #expect(Self.policy(random: 0.1).delay(forAttempt: 1, retryAfter: .seconds(7)) == .seconds(7))
        #expect(Self.policy(random: 0.9).delay(forAttempt: 4, retryAfter: .zero) == .zero)
    }

    @Test("Retry-After is capped by maxRetryAfter, and a negative one is zero")
    func retryAfterCap() {
        #expect(
            Self.policy(random: 0.5).delay(forAttempt: 1, retryAfter: .seconds(3_600)) == .seconds(60))
        #expect(Self.policy(random: 0.5).delay(forAttempt: 1, retryAfter: .seconds(-5)) == .zero)
    }

    @Test(
        "back-off doubles per attempt up to maxDelay, scaled by the jitter draw",
        arguments: [
            (1, 0.25), (2, 0.5), (3, 1.0), (4, 2.0), (7, 15.0), (8, 15.0), (1_000, 15.0), (Int.max, 15.0),
            (0, 0.25),
        ]
            as [(Int, Double)])
    func backOff(attempt: Int, seconds: Double) {
        #expect(
            Self.policy(random: 0.5).delay(forAttempt: attempt, retryAfter: nil) == .seconds(seconds))
    }

    @Test("a zero draw means no wait; a draw at or above 1 stays below the ceiling")
    func jitterBounds() {
        #expect(Self.policy(random: 0).delay(forAttempt: 3, retryAfter: nil) == .zero)
        for draw in [1.0, 5.0, .infinity] {
            let delay = Self.policy(random: draw).delay(forAttempt: 3, retryAfter: nil)
            #expect(delay < .seconds(2) && delay > .milliseconds(1_999))
        }
        for draw in [-1.0, .nan, -.infinity] {
            #expect(Self.policy(random: draw).delay(forAttempt: 3, retryAfter: nil) == .zero)
        }
    }

    @Test("with the default random source every delay lies in [0, ceiling)")
    func defaultJitter() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(8))
        for attempt in 1...6 {
            let ceiling = Duration.seconds(min(1 << (attempt - 1), 8))
            for _ in 0..<200 {
                let delay = policy.delay(forAttempt: attempt, retryAfter: nil)
                #expect(delay >= .zero && delay < ceiling)
            }
        }
    }

    @Test(
        "retryable statuses are 408, 429 and 5xx",
        arguments: [
            (408, true), (429, true), (500, true), (503, true), (599, true), (200, false), (204, false),
            (400, false), (401, false), (403, false), (404, false), (409, false), (413, false),
            (600, false),
        ]
            as [(Int, Bool)])
    func statuses(status: Int, retryable: Bool) {
        #expect(RetryPolicy.isRetryable(status: status) == retryable)
    }

    @Test("retryable transport errors are timeouts, lost connections and no connection")
    func transportErrors() {
        #expect(RetryPolicy.isRetryable(.timedOut))
        #expect(RetryPolicy.isRetryable(.connectionLost("reset")))
        #expect(RetryPolicy.isRetryable(.unreachable("refused")))
        #expect(!RetryPolicy.isRetryable(.cancelled))
        #expect(!RetryPolicy.isRetryable(.invalidRequest("http")))
    }
}
