import Foundation

/// A transport that sends a request again after a retryable failure, waiting between
/// attempts as its `RetryPolicy` says.
///
/// Only requests marked `isSafeToRepeat` are repeated. A retryable failure is a timeout, a lost
/// connection, no connection, or a 408, 429 or 5xx response; the server's `Retry-After` (seconds
/// or an HTTP-date) sets the wait when present. Waits go through the injected clock. When the
/// attempts run out, the last response is returned or the last error thrown; cancellation
/// during a wait throws `TransportError.cancelled`.
public struct RetryingTransport: Transport {
    /// The transport that actually sends.
    public let base: any Transport
    /// The clock that measures the waits and dates `Retry-After`.
    public let clock: any SDKClock
    /// How many attempts and how long between them.
    public let policy: RetryPolicy

    /// Retries over `base`, waiting on `clock`, as `policy` says.
    public init(
        _ base: any Transport, clock: any SDKClock = SystemClock(), policy: RetryPolicy = RetryPolicy()
    ) {
        self.base = base
        self.clock = clock
        self.policy = policy
    }

    /// Sends `request`, again after each retryable failure while attempts remain.
    public func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError)
        -> HTTPResponse
    {
        var attempt = 1
        while true {
            let outcome: Result<HTTPResponse, TransportError>
            do {
                outcome = .success(try await base.send(request, to: baseURL))
            } catch {
                outcome = .failure(error)
            }
            guard request.isSafeToRepeat, attempt < policy.maxAttempts,
                let wait = retryWait(after: outcome, attempt: attempt)
            else { return try outcome.get() }
            do {
                try await clock.sleep(for: wait)
            } catch {
                throw .cancelled
            }
            attempt += 1
        }
    }

    /// How long to wait before retrying after `outcome`, or `nil` when it is not retryable.
    private func retryWait(after outcome: Result<HTTPResponse, TransportError>, attempt: Int)
        -> Duration?
    {
        switch outcome {
        case .success(let response):
            guard RetryPolicy.isRetryable(status: response.status) else { return nil }
            let retryAfter = response.headers[field: "Retry-After"].flatMap {
                RetryAfter.parse($0, now: clock.now())
            }
            return policy.delay(forAttempt: attempt, retryAfter: retryAfter)
        case .failure(let error):
            guard RetryPolicy.isRetryable(error) else { return nil }
            return policy.delay(forAttempt: attempt, retryAfter: nil)
        }
    }
}
