import Foundation
import Synchronization
import Testing

@testable import SDKRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionTransport", .timeLimit(.minutes(3)))
struct TransportURLSessionTests {
    /// Sends `request` and returns the outcome as a value.
    static func outcome(
        of transport: URLSessionTransport, _ request: HTTPRequest, to baseURL: URL
    ) async -> Result<HTTPResponse, TransportError> {
        do throws(TransportError) {
            return .success(try await transport.send(request, to: baseURL))
        } catch {
            return .failure(error)
        }
    }

    static let get = HTTPRequest(method: "GET", path: "/v1/items", isSafeToRepeat: true)

    @Test("a request that sets no time limit has 10 seconds, and a response at most 8 MiB, as documented")
    func defaultsAreTheDocumentedOnes() {
        #expect(URLSessionTransport.defaultTimeout == .seconds(10))
        #expect(URLSessionTransport.defaultMaximumResponseSize == 8 * 1024 * 1024)
        let transport = URLSessionTransport()
        #expect(transport.timeout == .seconds(10))
        #expect(transport.maximumResponseSize == 8 * 1024 * 1024)
    }

    @Test("a GET carries path, encoded query and headers; the response comes back whole")
    func roundTrip() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response(200, headers: ["X-Test: yes"], body: #"{"ok":true}"#)
        }
        defer { server.stop() }
        var request = Self.get
        request.query = [HTTPField(name: "q", value: "a b&c=d/é"), HTTPField(name: "n", value: "1")]
        request.headers = [HTTPField(name: "Authorization", value: "Bearer k")]
        let response = try await URLSessionTransport().send(request, to: server.baseURL)
        #expect(response.status == 200)
        #expect(response.body == Data(#"{"ok":true}"#.utf8))
        #expect(response.headers[field: "x-test"] == "yes")
        let received = try #require(server.requests.first)
        #expect(received.hasPrefix("GET /v1/items?q=a%20b%26c%3Dd%2F%C3%A9&n=1 HTTP/1.1\r\n"))
        #expect(received.contains("Authorization: Bearer k\r\n"))
    }

    /// Whether an answer came, shared by the request and the tasks holding the pool.
    final class Answered: Sendable {
        let flag = Atomic<Bool>(false)
    }

    /// Foundation hands a session's answers to its delegate queue. Left to Foundation, that queue
    /// runs on the threads Swift's cooperative pool runs on (on Linux), so a request the SDKs send
    /// from an executor of their own (delivery) waited for every task queued there: a thousand
    /// views reading on one frame tick slowed each answer. The transport's delegate queue is a
    /// serial queue of its own, so the answer arrives while CPU-bound tasks hold every thread.
    @Test("an answer reaches a request sent off the cooperative pool while the pool is saturated")
    func anAnswerArrivesWhileThePoolIsBusy() async throws {
        let server = try LoopbackServer { _ in LoopbackServer.response(200, body: "{}") }
        defer { server.stop() }
        let transport = URLSessionTransport()
        let answered = Answered()
        // Twice as many spinning tasks as any machine here has cores; each spins until the answer
        // came, or gives up after a safety cap and says so.
        let spinners = (0..<max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)).map { _ in
            Task.detached { () -> Bool in
                let cap = ContinuousClock.now + .seconds(20)
                while !answered.flag.load(ordering: .acquiring) {
                    if ContinuousClock.now > cap { return false }
                }
                return true
            }
        }
        let outcome = await withTaskExecutorPreference(DispatchTaskExecutor(label: "test.delivery")) {
            let outcome = await Self.outcome(of: transport, Self.get, to: server.baseURL)
            answered.flag.store(true, ordering: .releasing)
            return outcome
        }
        var allStoppedByTheAnswer = true
        for spinner in spinners where await !spinner.value { allStoppedByTheAnswer = false }
        #expect(outcome.map(\.status) == .success(200))
        #expect(allStoppedByTheAnswer, "the answer only came once the pool was free again")
    }

    /// On a clock nobody moves, so only Foundation's own timer (which once read the limit as
    /// zero seconds) could end the request.
    @Test("a time limit under a second is met by a server that answers within it")
    func aSubSecondLimitLetsAPromptAnswerThrough() async throws {
        let server = try LoopbackServer { _ in LoopbackServer.response(200, body: "{}") }
        defer { server.stop() }
        var request = Self.get
        request.timeout = .milliseconds(500)
        let outcome = await Self.outcome(of: URLSessionTransport(clock: ManualClock()), request, to: server.baseURL)
        #expect(outcome.map(\.status) == .success(200))
    }

    @Test("a cookie the server sets is never sent back")
    func cookiesAreNeitherKeptNorSent() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response(200, headers: ["Set-Cookie: session=abc; Path=/"], body: "{}")
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        _ = try await transport.send(Self.get, to: server.baseURL)
        _ = try await transport.send(Self.get, to: server.baseURL)
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { !$0.lowercased().contains("\r\ncookie:") })
    }

    /// Mobile Joe's iOS SDK keeps responses in a URL cache, as its page says (`URLCache.shared`
    /// there). FoundationNetworking on Linux stores nothing for such a session (measured: the
    /// cache stays empty), so the two places that decide are checked here: the request's cache
    /// policy, and what the session's delegate lets the cache keep.
    @Test("with a response cache, requests follow HTTP's caching rules and answers may be kept; without one, never")
    func aResponseCacheIsUsedOnlyWhenGiven() throws {
        let url = exampleURL("http://127.0.0.1:9")
        let caching = try URLSessionTransport.makeURLRequest(
            for: Self.get, baseURL: url, timeout: .seconds(1), caches: true)
        #expect(caching.cachePolicy == .useProtocolCachePolicy)
        let plain = try URLSessionTransport.makeURLRequest(for: Self.get, baseURL: url, timeout: .seconds(1))
        #expect(plain.cachePolicy == .reloadIgnoringLocalCacheData)

        let proposed = CachedURLResponse(
            response: URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil),
            data: Data())
        for cache in [URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil), nil] {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = cache
            let session = URLSession(configuration: configuration)
            defer { session.invalidateAndCancel() }
            let kept = Mutex<CachedURLResponse?>(nil)
            URLSessionResponseCollector().urlSession(
                session, dataTask: session.dataTask(with: url), willCacheResponse: proposed,
                completionHandler: { response in kept.withLock { $0 = response } })
            #expect((kept.withLock { $0 } != nil) == (cache != nil))
        }
    }

    @Test("a POST body is sent and an error status is a response, not an error")
    func postBody() async throws {
        let server = try LoopbackServer { _ in LoopbackServer.response(500, body: "down") }
        defer { server.stop() }
        let request = HTTPRequest(
            method: "POST", path: "/v1/events",
            headers: [HTTPField(name: "Content-Type", value: "application/json")],
            body: Data(#"{"event":"x"}"#.utf8), isSafeToRepeat: false)
        let response = try await URLSessionTransport().send(request, to: server.baseURL)
        #expect(response.status == 500)
        #expect(response.body == Data("down".utf8))
        #expect(try #require(server.requests.first).hasSuffix(#"{"event":"x"}"#))
    }

    @Test("redirects are returned, not followed")
    func noRedirects() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response(302, headers: ["Location: /elsewhere"])
        }
        defer { server.stop() }
        let response = try await URLSessionTransport().send(Self.get, to: server.baseURL)
        #expect(response.status == 302)
        #expect(server.requests.count == 1)
    }

    @Test(
        "a body announced larger than the limit is refused on its header, before the body comes",
        arguments: [
            LoopbackServer.response(200, body: String(repeating: "x", count: 4_096)),
            Data(("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n" + String(repeating: "x", count: 100)).utf8),
        ])
    func announcedTooLarge(response: Data) async throws {
        let server = try LoopbackServer { _ in response }
        defer { server.stop() }
        let transport = URLSessionTransport(maximumResponseSize: 1_024)
        let outcome = await Self.outcome(of: transport, Self.get, to: server.baseURL)
        guard case .failure(.connectionLost(let reason)) = outcome else {
            Issue.record("Expected connectionLost, got \(outcome)")
            return
        }
        #expect(reason.contains("1024-byte limit"), "\(reason)")
    }

    @Test("a body without a length that grows past the limit is cut off")
    func streamedTooLarge() async throws {
        let server = try LoopbackServer { _ in
            Data(
                ("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + String(repeating: "y", count: 64_000))
                    .utf8)
        }
        defer { server.stop() }
        let transport = URLSessionTransport(maximumResponseSize: 1_024)
        let outcome = await Self.outcome(of: transport, Self.get, to: server.baseURL)
        guard case .failure(.connectionLost) = outcome else {
            Issue.record("Expected connectionLost, got \(outcome)")
            return
        }
    }

    @Test("a server that never answers times out on the injected clock")
    func timesOut() async throws {
        let server = try LoopbackServer { _ in nil }
        defer { server.stop() }
        let clock = ManualClock()
        let transport = URLSessionTransport(timeout: .seconds(10), clock: clock)
        let sending = Task { await Self.outcome(of: transport, Self.get, to: server.baseURL) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        #expect(await sending.value == .failure(.timedOut))
    }

    @Test("the request's own timeout wins over the transport's")
    func requestTimeout() async throws {
        let server = try LoopbackServer { _ in nil }
        defer { server.stop() }
        let clock = ManualClock()
        let transport = URLSessionTransport(timeout: .seconds(10), clock: clock)
        var request = Self.get
        request.timeout = .seconds(2)
        let sending = Task { await Self.outcome(of: transport, request, to: server.baseURL) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        #expect(await sending.value == .failure(.timedOut))
    }

    @Test("cancelling the caller ends the request with cancelled")
    func cancelled() async throws {
        let server = try LoopbackServer { _ in nil }
        defer { server.stop() }
        let clock = ManualClock()
        let transport = URLSessionTransport(clock: clock)
        let sending = Task { await Self.outcome(of: transport, Self.get, to: server.baseURL) }
        await clock.waitForSleepers(1)
        sending.cancel()
        #expect(await sending.value == .failure(.cancelled))
    }

    @Test("a port where nothing listens is unreachable")
    func refused() async throws {
        let (socket, port) = try LoopbackServer.bindLoopback(listening: false)
        defer { close(socket) }
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let outcome = await Self.outcome(of: URLSessionTransport(), Self.get, to: base)
        guard case .failure(.unreachable) = outcome else {
            Issue.record("Expected unreachable, got \(outcome)")
            return
        }
    }

    @Test(
        "plain http to a host that is not loopback is refused before sending",
        arguments: [
            "http://api.example.com", "http://10.0.0.1:8080", "http://128.0.0.1", "ftp://127.0.0.1",
        ])
    func refusesPlainHTTP(base: String) async throws {
        let outcome = await Self.outcome(
            of: URLSessionTransport(), Self.get, to: try #require(URL(string: base)))
        guard case .failure(.invalidRequest) = outcome else {
            Issue.record("Expected invalidRequest, got \(outcome)")
            return
        }
    }

    @Test(
        "header fields holding a control character other than a tab, and odd methods, are refused before sending",
        arguments: [
            HTTPRequest(
                method: "GET", path: "/x", headers: [HTTPField(name: "X", value: "a\r\nInjected: 1")],
                isSafeToRepeat: true),
            HTTPRequest(
                method: "GET", path: "/x", headers: [HTTPField(name: "X\n", value: "a")],
                isSafeToRepeat: true),
            HTTPRequest(
                method: "GET", path: "/x", headers: [HTTPField(name: "", value: "a")], isSafeToRepeat: true),
            HTTPRequest(
                method: "GET", path: "/x", headers: [HTTPField(name: "X", value: "a\0")],
                isSafeToRepeat: true),
            HTTPRequest(
                method: "GET", path: "/x", headers: [HTTPField(name: "X", value: "a\u{1}b")],
                isSafeToRepeat: true),
            HTTPRequest(
                method: "GET", path: "/x", headers: [HTTPField(name: "X", value: "a\u{7F}")],
                isSafeToRepeat: true),
            HTTPRequest(method: "GE T", path: "/x", isSafeToRepeat: true),
            HTTPRequest(method: "", path: "/x", isSafeToRepeat: true),
        ])
    func refusesUnsafeRequests(request: HTTPRequest) async throws {
        // Port 1 on loopback: even a wrongly accepted request reaches no other machine.
        let base = try #require(URL(string: "https://127.0.0.1:1"))
        let outcome = await Self.outcome(of: URLSessionTransport(), request, to: base)
        guard case .failure(.invalidRequest) = outcome else {
            Issue.record("Expected invalidRequest, got \(outcome)")
            return
        }
    }

    @Test(
        "URL error codes map to transport errors",
        arguments: [
            (URLError.Code.cannotConnectToHost, "unreachable"), (.notConnectedToInternet, "unreachable"),
            (.cannotFindHost, "unreachable"), (.dnsLookupFailed, "unreachable"),
            (.secureConnectionFailed, "unreachable"), (.timedOut, "timedOut"),
            (.networkConnectionLost, "connectionLost"), (.badServerResponse, "connectionLost"),
            (.cannotParseResponse, "connectionLost"), (.cancelled, "cancelled"),
            (.badURL, "invalidRequest"),
        ])
    func urlErrorMapping(code: URLError.Code, expected: String) {
        let kind =
            switch URLSessionTransport.transportError(for: code) {
            case .unreachable: "unreachable"
            case .timedOut: "timedOut"
            case .connectionLost: "connectionLost"
            case .cancelled: "cancelled"
            case .invalidRequest: "invalidRequest"
            }
        #expect(kind == expected)
    }
}
