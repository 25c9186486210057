import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

/// Security properties of the emulator: it listens on loopback only, every request and the
/// request log are bounded, and refusals never echo what the client sent.
@Suite("Emulator security", .timeLimit(.minutes(3)))
struct EmulatorSecurityTests {
    @Test(
        "the emulator refuses to listen anywhere but 127.0.0.0/8",
        arguments: ["0.0.0.0", "192.168.1.10", "10.0.0.1", "::", "::1", "localhost", "", "127.0.0.1 "])
    func listensOnLoopbackOnly(host: String) async throws {
        let server = EmulatorServer(router: try sampleRouter())
        await #expect(throws: EmulatorServerError.notLoopback(host)) { try await server.start(host: host) }
        #expect(server.baseURL == nil)
    }

    @Test(
        "the standard limits bound every request and the log: 16 KiB head, 100 fields, 1 MiB body, 60 s, 10,000 entries and 32 MiB logged, bodies over 64 KiB as a digest"
    )
    func standardLimitsAreBounded() {
        let limits = ServerLimits.standard
        #expect(limits.maxHeadBytes == 16 * 1024)
        #expect(limits.maxHeaderCount == 100)
        #expect(limits.maxBodyBytes == 1024 * 1024)
        #expect(limits.maxConnections == 256)
        #expect(limits.maxLoggedRequests == 10_000)
        #expect(limits.maxLoggedBytes == 32 * 1024 * 1024)
        #expect(limits.maxLoggedBodyBytes == 64 * 1024)
        #expect(limits.requestTimeout == .seconds(60))
    }

    @Test(
        "a Content-Length past the limit is refused before any body is read, however it is written",
        arguments: [
            "1025", "99999999999999999999999999", "9223372036854775807", "9223372036854775808", "0001025",
        ])
    func oversizedLengthsAre413(length: String) async throws {
        try await withServer(limits: ServerLimits(maxBodyBytes: 1024)) { _, url in
            let answer = try await exchange(
                "POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n", port: url.serverPort)
            #expect(answer.hasPrefix("HTTP/1.1 413 "), "got: \(answer.prefix(80))")
        }
    }

    @Test("negative, signed or conflicting lengths are 400", arguments: ["-1", "+5", "5, 6", "0x10", "1e3", ""])
    func malformedLengthsAre400(length: String) async throws {
        try await withServer { _, url in
            let answer = try await exchange(
                "POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n", port: url.serverPort)
            #expect(answer.hasPrefix("HTTP/1.1 400 "), "got: \(answer.prefix(80))")
        }
    }

    @Test("the request log keeps only the most recent requests")
    func requestLogIsBounded() async throws {
        try await withServer(limits: ServerLimits(maxLoggedRequests: 3)) { server, url throws in
            for index in 0..<5 {
                #expect(try await fetch(url, "/v1/people/p\(index)").status == 200)
            }
            #expect(server.requests().map(\.request.path) == ["/v1/people/p2", "/v1/people/p3", "/v1/people/p4"])
        }
    }

    @Test("a refusal names the problem, never the values the client sent")
    func refusalsDoNotEchoTheRequest() async throws {
        let secret = "mj_secret_key_0123456789"
        try await withServer { _, url in
            for text in [
                "GET /v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(secret)\u{1}\r\n\r\n",
                "GET /v1/ping?key=\(secret)%zz HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET /\(secret) HTTP/9.9\r\nHost: x\r\n\r\n",
                "GET /v1/ping HTTP/1.1\r\nHost: x\r\nExpect: \(secret)\r\n\r\n",
            ] {
                let answer = try await exchange(text, port: url.serverPort)
                #expect(answer.hasPrefix("HTTP/1.1 4") || answer.hasPrefix("HTTP/1.1 5"), "got: \(answer.prefix(80))")
                #expect(!answer.contains(secret), "the refusal echoed the request: \(answer)")
            }
        }
    }
}
