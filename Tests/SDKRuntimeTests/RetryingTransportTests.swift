import Foundation
import SDKRuntime
import Testing

@Suite("RetryingTransport", .timeLimit(.minutes(3)))
struct RetryingTransportTests {
    static let baseURL = exampleURL("https://api.example.com")
    static let get = HTTPRequest(method: "GET", path: "/v1/person", isSafeToRepeat: true)
    static let unsafePost = HTTPRequest(method: "POST", path: "/v1/events", isSafeToRepeat: false)
    /// Half of every back-off ceiling: 0.25 s after the first attempt, 0.5 s after the second.
    static let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(500), random: { 0.5 })

    /// Starts sending `request` through a retrying transport over `script`.
    static func start(
        _ request: HTTPRequest = get, script: [Result<HTTPResponse, TransportError>],
        clock: ManualClock,
        policy: RetryPolicy = policy
    ) -> (ScriptedTransport, Task<Result<HTTPResponse, TransportError>, Never>) {
        let mock = ScriptedTransport(script)
        let transport = RetryingTransport(mock, clock: clock, policy: policy)
        let task = Task { () -> Result<HTTPResponse, TransportError> in
            do throws(TransportError) {
                return .success(try await transport.send(request, to: baseURL))
            } catch {
                return .failure(error)
            }
        }
        return (mock, task)
    }

    @Test("500 then 200 succeeds with exactly two sends after the back-off")
    func serverErrorThenSuccess() async throws {
        let clock = ManualClock()
        let (mock, task) = Self.start(script: [reply(500), reply(200, body: "ok")], clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(249))
        #expect(clock.sleeperCount == 1)
        #expect(mock.sendCount == 1)
        clock.advance(by: .milliseconds(1))
        let response = try await task.value.get()
        #expect(response.status == 200)
        #expect(mock.sendCount == 2)
        #expect(mock.baseURLs.allSatisfy { $0 == Self.baseURL })
    }

    @Test("429 with Retry-After: 7 waits exactly 7 s of clock time")
    func retryAfterSeconds() async throws {
        let clock = ManualClock()
        let (mock, task) = Self.start(
            script: [reply(429, headers: [HTTPField(name: "retry-after", value: "7")]), reply(200)],
            clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(6_999))
        #expect(clock.sleeperCount == 1)
        #expect(mock.sendCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(try await task.value.get().status == 200)
        #expect(mock.sendCount == 2)
        #expect(clock.elapsed == .seconds(7))
    }

    @Test("503 with an HTTP-date Retry-After waits until that date on the clock")
    func retryAfterDate() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let date = HTTPField(name: "Retry-After", value: "Tue, 14 Nov 2023 22:13:25 GMT")
        let (mock, task) = Self.start(script: [reply(503, headers: [date]), reply(200)], clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(4_999))
        #expect(mock.sendCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(try await task.value.get().status == 200)
        #expect(mock.sendCount == 2)
    }

    @Test("401 is returned at once, never retried")
    func unauthorizedNotRetried() async throws {
        let clock = ManualClock()
        let (mock, task) = Self.start(script: [reply(401)], clock: clock)
        #expect(try await task.value.get().status == 401)
        #expect(mock.sendCount == 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test("a request that is not safe to repeat is never retried")
    func unsafeNotRetried() async throws {
        let clock = ManualClock()
        let (serverError, first) = Self.start(Self.unsafePost, script: [reply(500)], clock: clock)
        #expect(try await first.value.get().status == 500)
        #expect(serverError.sendCount == 1)
        let (timeout, second) = Self.start(Self.unsafePost, script: [.failure(.timedOut)], clock: clock)
        #expect(await second.value == .failure(.timedOut))
        #expect(timeout.sendCount == 1)
    }

    @Test("transport failures are retried with growing back-off until a response")
    func transportFailuresRetried() async throws {
        let clock = ManualClock()
        let (mock, task) = Self.start(
            script: [.failure(.timedOut), .failure(.connectionLost("reset")), reply(200)], clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(250))
        await clock.waitForSleepers(1)
        #expect(mock.sendCount == 2)
        clock.advance(by: .milliseconds(499))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(try await task.value.get().status == 200)
        #expect(mock.sendCount == 3)
    }

    @Test("when attempts run out the last response is returned")
    func attemptsExhaustedResponse() async throws {
        let clock = ManualClock()
        let (mock, task) = Self.start(script: [reply(503), reply(502), reply(504)], clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(250))
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(500))
        #expect(try await task.value.get().status == 504)
        #expect(mock.sendCount == 3)
    }

    @Test("when attempts run out the last error is thrown")
    func attemptsExhaustedError() async throws {
        let clock = ManualClock()
        let single = RetryPolicy(maxAttempts: 2, random: { 0 })
        let (mock, task) = Self.start(
            script: [.failure(.unreachable("refused")), .failure(.unreachable("still refused"))],
            clock: clock,
            policy: single)
        #expect(await task.value == .failure(.unreachable("still refused")))
        #expect(mock.sendCount == 2)
    }

    @Test("cancellation and local refusals are not retried")
    func notRetryableErrors() async {
        let clock = ManualClock()
        let (cancelled, first) = Self.start(script: [.failure(.cancelled)], clock: clock)
        #expect(await first.value == .failure(.cancelled))
        #expect(cancelled.sendCount == 1)
        let (refused, second) = Self.start(script: [.failure(.invalidRequest("http"))], clock: clock)
        #expect(await second.value == .failure(.invalidRequest("http")))
        #expect(refused.sendCount == 1)
    }

    @Test("cancelling during the wait throws cancelled and sends nothing more")
    func cancelledWhileWaiting() async {
        let clock = ManualClock()
        let (mock, task) = Self.start(script: [reply(500), reply(200)], clock: clock)
        await clock.waitForSleepers(1)
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
        #expect(mock.sendCount == 1)
    }
}
