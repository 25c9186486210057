import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Lets `count` handlers through only together: proof that they ran at the same time.
actor Barrier {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    func arrive() async {
        arrived += 1
        if arrived >= count {
            waiting.forEach { $0.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

@Suite("Server basics", .timeLimit(.minutes(3)))
struct ServerTests {
    @Test func routesWithParametersAndQueryOverURLSession() async throws {
        try await withServer { _, url throws in
            let (status, body, response) = try await fetch(url, "/v1/people/vh%2Fanon%20x?expand=perks")
            #expect(status == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let decoded = try JSONDecoder().decode([String: String].self, from: body)
            #expect(decoded == ["distinctId": "vh/anon x", "expand": "perks"])

            let echo = try await fetch(url, "/v1/echo", method: "POST", body: Data("hello body".utf8))
            #expect(echo.status == 200)
            #expect(String(decoding: echo.body, as: UTF8.self) == "hello body")

            let missing = try await fetch(url, "/v1/nothing")
            #expect(missing.status == 404)
            #expect(
                try JSONDecoder().decode(EmulatorErrorBody.self, from: missing.body).error.code
                    == "NOT_FOUND")
        }
    }

    @Test func keepAliveServesTwoRequestsOnOneSocket() async throws {
        try await withServer { _, url throws in
            let (first, second) = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("GET", "/v1/ping"))
                let first = try client.readResponse()
                client.write(rawRequest("POST", "/v1/echo", body: "second"))
                return (first, try client.readResponse())
            }
            #expect(first.status == 200 && first.text == "pong")
            #expect(first.header("Connection") == nil)
            #expect(second.status == 200 && second.text == "second")
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withServer { _, url throws in
            let (response, closed) = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("GET", "/v1/ping", close: true))
                return (try client.readResponse(), client.isClosedByServer())
            }
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(closed)
        }
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
        try await withServer { _, url throws in
            let text = try await exchange("GET /v1/ping HTTP/1.0\r\n\r\n", port: url.serverPort)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.contains("Connection: close\r\n"))
            let (kept, second) = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write("GET /v1/ping HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let kept = try client.readResponse()
                client.write("GET /v1/ping HTTP/1.0\r\n\r\n")
                return (kept, try client.readResponse())
            }
            #expect(kept.header("Connection") == "keep-alive")
            #expect(second.status == 200)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withServer { _, url throws in
            let responses = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(
                    rawRequest("POST", "/v1/echo", body: "one") + rawRequest("GET", "/v1/people/two")
                        + rawRequest("POST", "/v1/echo", body: "three"))
                return try (0..<3).map { _ in try client.readResponse() }
            }
            #expect(responses.map(\.status) == [200, 200, 200])
            #expect(responses[0].text == "one")
            #expect(responses[1].text.contains(#""distinctId":"two""#))
            #expect(responses[2].text == "three")
        }
    }

    @Test func bodyArrivingInPiecesIsReadToContentLength() async throws {
        try await withServer { _, url throws in
            let response = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write("POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n")
                usleep(20_000)
                client.write("\r\nhello")
                usleep(20_000)
                client.write(" world")
                return try client.readResponse()
            }
            #expect(response.text == "hello world")
        }
    }

    @Test func emptyAndBinaryBodies() async throws {
        try await withServer { server, url throws in
            let empty = try await exchange(
                "POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                port: url.serverPort)
            #expect(empty.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(empty.contains("Content-Length: 0\r\n"))
            let bytes = (0..<256).map { UInt8($0) }
            let echoed = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(
                    Array("POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 256\r\n\r\n".utf8) + bytes)
                return try client.readResponse().body
            }
            #expect(echoed == bytes)
            #expect(server.requests(route: "echo").last?.request.body == Data(bytes))
        }
    }

    @Test func headAnswersWithoutBodyAndKeepsFraming() async throws {
        try await withServer { _, url throws in
            let (head, next) = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("HEAD", "/v1/ping") + rawRequest("GET", "/v1/ping"))
                return (try client.readResponse(expectBody: false), try client.readResponse())
            }
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "4")
            #expect(head.body.isEmpty)
            #expect(next.text == "pong")
        }
    }

    @Test func expectContinueGetsInterimResponse() async throws {
        try await withServer { _, url throws in
            let (interim, final) = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(
                    "POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
                let interim = try client.readResponse(expectBody: false)
                client.write("data")
                return (interim, try client.readResponse())
            }
            #expect(interim.status == 100)
            #expect(final.text == "data")
        }
    }

    @Test func fiftyConnectionsAreServedAtTheSameTime() async throws {
        let barrier = Barrier(count: 50)
        var router = Router()
        try router.add("GET", "/v1/together", name: "together") { _, _ in
            await barrier.arrive()
            return .text("done")
        }
        try await withServer(router: router) { server, url throws in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await offPool {
                            let client = try RawClient(port: url.serverPort, timeout: .seconds(20))
                            client.write(rawRequest("GET", "/v1/together"))
                            return try client.readResponse().status
                        }
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                #expect(statuses == Array(repeating: 200, count: 50))
            }
            #expect(server.requests(route: "together").count == 50)
        }
    }

    @Test func fiftyConcurrentURLSessionRequests() async throws {
        try await withServer { _, url throws in
            try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let (status, body, _) = try await fetch(
                            url, "/v1/echo", method: "POST", body: Data("\(index)".utf8))
                        return status == 200 ? String(decoding: body, as: UTF8.self) : "status \(status)"
                    }
                }
                var bodies: Set<String> = []
                for try await body in group { bodies.insert(body) }
                #expect(bodies == Set((0..<50).map(String.init)))
            }
        }
    }

    @Test func handlerHeadersAreSanitizedAndConnectionCloseHonoured() async throws {
        var router = Router()
        try router.add("GET", "/v1/headers") { _, _ in
            EmulatorResponse(
                status: 200,
                headers: [
                    HTTPField(name: "X-Good", value: "yes"),
                    HTTPField(name: "X-Bad", value: "a\r\nInjected: 1"),
                    HTTPField(name: "Bad Name", value: "v"), HTTPField(name: "Content-Length", value: "999"),
                    HTTPField(name: "Connection", value: "close"),
                ], body: Data("ok".utf8))
        }
        try await withServer(router: router) { _, url throws in
            let text = try await exchange(rawRequest("GET", "/v1/headers"), port: url.serverPort)
            #expect(text.contains("X-Good: yes\r\n"))
            #expect(!text.contains("Injected"))
            #expect(!text.contains("Bad Name"))
            #expect(!text.contains("999"))
            #expect(text.contains("Content-Length: 2\r\n"))
            #expect(text.contains("Connection: close\r\n"))
            #expect(text.hasSuffix("\r\n\r\nok"))
        }
    }

    @Test func noContentResponsesCarryNoBody() async throws {
        var router = Router()
        try router.add("DELETE", "/v1/thing") { _, _ in
            EmulatorResponse(status: 204, body: Data("ignored".utf8))
        }
        try await withServer(router: router) { _, url throws in
            let text = try await exchange(
                rawRequest("DELETE", "/v1/thing", close: true), port: url.serverPort)
            #expect(text.hasPrefix("HTTP/1.1 204 No Content\r\n"))
            #expect(!text.contains("Content-Length"))
            #expect(text.hasSuffix("\r\n\r\n"))
        }
    }
}
