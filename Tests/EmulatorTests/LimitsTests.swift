import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

@Suite("Limits and timeouts", .timeLimit(.minutes(3)))
struct LimitsTests {
    /// Sends `text`, expects a refusal with `status`, then checks the server still answers.
    private func expectRefusal(_ text: String, status: Int, limits: ServerLimits = .standard)
        async throws
    {
        try await withServer(limits: limits) { _, url throws in
            let answer = try await exchange(text, port: url.serverPort)
            #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "got: \(answer.prefix(80))")
            #expect(answer.contains("Connection: close\r\n"))
            // 413 is the APIs' own refusal, answered in their error body; the others are HTTP's.
            if status == 413 {
                #expect(answer.contains("Content-Type: application/json\r\n"))
                #expect(answer.contains(#""code":"PAYLOAD_TOO_LARGE""#))
            } else {
                #expect(answer.contains("Content-Type: text/plain; charset=utf-8\r\n"))
            }
            #expect(try await fetch(url, "/v1/ping").status == 200)
        }
    }

    @Test func oversizedHeadIs431() async throws {
        let big = String(repeating: "a", count: 20 * 1024)
        try await expectRefusal(rawRequest("GET", "/v1/ping", headers: ["X-Big: \(big)"]), status: 431)
    }

    @Test func oversizedHeadWithoutEndIs431() async throws {
        try await expectRefusal(
            "GET /v1/ping HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 40 * 1024), status: 431)
    }

    @Test func tooManyHeaderFieldsIs431() async throws {
        let fields = (0..<101).map { "X-F\($0): v" }
        try await expectRefusal(rawRequest("GET", "/v1/ping", headers: fields), status: 431)
    }

    @Test func announcedOversizedBodyIs413() async throws {
        try await expectRefusal(
            "POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(2 * 1024 * 1024)\r\n\r\npartial",
            status: 413)
    }

    @Test func oversizedBodyBeingSentStillGets413() async throws {
        try await withServer(limits: ServerLimits(maxBodyBytes: 1024)) { _, url in
            let response = try await offPool {
                let client = try RawClient(port: url.serverPort)
                let body = String(repeating: "z", count: 200 * 1024)
                client.write(rawRequest("POST", "/v1/echo", body: body))
                return try client.readResponse()
            }
            #expect(response.status == 413)
            #expect(response.text.contains("at most 1024 bytes"))
        }
    }

    @Test func bodyAtTheLimitIsAccepted() async throws {
        try await withServer(limits: ServerLimits(maxBodyBytes: 1024)) { _, url in
            let body = String(repeating: "k", count: 1024)
            let response = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("POST", "/v1/echo", body: body))
                return try client.readResponse()
            }
            #expect(response.status == 200 && response.text == body)
        }
    }

    @Test func chunkedRequestsAre501() async throws {
        try await expectRefusal(
            "POST /v1/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            status: 501)
    }

    @Test func idleConnectionIsClosed() async throws {
        // Long enough that a busy machine cannot end the connection between connect and write.
        try await withServer(limits: ServerLimits(idleTimeout: .seconds(2))) { _, url in
            let (response, closed) = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("GET", "/v1/ping"))
                let response = try client.readResponse()
                return (response, client.isClosedByServer())  // blocks until the idle timeout
            }
            #expect(response.status == 200)
            #expect(closed)
        }
    }

    @Test func stalledRequestIs408() async throws {
        try await withServer(limits: ServerLimits(requestTimeout: .milliseconds(150))) { _, url in
            let (head, body) = try await offPool {
                let head = try RawClient(port: url.serverPort)
                head.write("GET /v1/ping HTTP/1.1\r\nHost: x\r\n")
                let body = try RawClient(port: url.serverPort)
                body.write("POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nhalf")
                return (
                    String(decoding: head.readToEnd(), as: UTF8.self),
                    String(decoding: body.readToEnd(), as: UTF8.self)
                )
            }
            #expect(head.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
            #expect(body.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        }
    }

    @Test("with every connection busy, one more gets 503; a slot frees once a connection closes")
    func connectionsBeyondTheLimitGet503() async throws {
        try await withServer(limits: ServerLimits(maxConnections: 2)) { server, url in
            server.inject(.hold, route: "ping")
            let (kept, refused, afterwards) = try await offPool {
                let first = try RawClient(port: url.serverPort)
                let second = try RawClient(port: url.serverPort)
                first.write(rawRequest("GET", "/v1/ping"))
                second.write(rawRequest("GET", "/v1/ping"))
                while server.heldCount(route: "ping") < 2 { usleep(1_000) }
                // Past the limit a connection is kept for the admin API: a request to a route is refused.
                let third = try RawClient(port: url.serverPort)
                third.write(rawRequest("GET", "/v1/ping", close: true))
                let refused = String(decoding: third.readToEnd(), as: UTF8.self)
                server.clearFaults(route: "ping")
                _ = server.release(route: "ping")
                let kept = [try first.readResponse().status, try second.readResponse().status]
                first.shutdownWrite()
                _ = first.readToEnd()
                // The first connection's slot frees once its thread has closed it.
                var afterwards = ""
                for _ in 0..<100 where !afterwards.hasPrefix("HTTP/1.1 200") {
                    let fourth = try RawClient(port: url.serverPort)
                    fourth.write(rawRequest("GET", "/v1/ping", close: true))
                    afterwards = String(decoding: fourth.readToEnd(), as: UTF8.self)
                    usleep(5_000)
                }
                return (kept, refused, afterwards)
            }
            #expect(kept == [200, 200])
            #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
            #expect(afterwards.hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
    }
}
