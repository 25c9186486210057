import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

@Suite("Malformed traffic", .timeLimit(.minutes(3)))
struct MalformedTrafficTests {
    @Test func malformedRequestLineIs400AndServerAnswersAfterwards() async throws {
        try await withServer { server, url throws in
            let (answer, closed) = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write("HELLO THERE\r\n\r\n")
                return (try client.readResponse(), client.isClosedByServer())
            }
            #expect(answer.status == 400)
            #expect(answer.header("Content-Type") == "application/json")
            let body = try JSONDecoder().decode(EmulatorErrorBody.self, from: Data(answer.text.utf8))
            #expect(body.error.code == "INVALID_ARGUMENT")
            #expect(body.error.message.contains("request line"))
            #expect(closed)
            #expect(try await fetch(url, "/v1/ping").status == 200)
            #expect(server.requests().map(\.route) == ["ping"])  // refused requests are not logged
        }
    }

    @Test func garbageNeverBreaksTheServer() async throws {
        let limits = ServerLimits(
            maxHeadBytes: 4 * 1024, maxBodyBytes: 8 * 1024, requestTimeout: .seconds(2))
        try await withServer(limits: limits) { _, url throws in
            let port = url.serverPort
            let unexpected = try await offPool {
                var generator = SeededRandomNumberGenerator(seed: 0xE3)
                var unexpected: [String] = []
                for index in 0..<400 {
                    let input = GarbageKind.allCases[index % GarbageKind.allCases.count].make(
                        using: &generator)
                    let client = try RawClient(port: port)
                    client.write(input)
                    client.shutdownWrite()
                    let answer = String(decoding: client.readToEnd(), as: UTF8.self)
                    if !answer.isEmpty && !Self.isWellFormedAnswer(answer) {
                        unexpected.append("input \(index): \(answer.prefix(60))")
                    }
                }
                return unexpected
            }
            #expect(unexpected.isEmpty, "\(unexpected)")
            #expect(try await fetch(url, "/v1/ping").status == 200)
            #expect(
                try await fetch(url, "/v1/echo", method: "POST", body: Data("still here".utf8)).body
                    == Data("still here".utf8))
        }
    }

    /// Every answer must be a response with a status the server is allowed to give.
    private static func isWellFormedAnswer(_ answer: String) -> Bool {
        let allowed = [200, 400, 404, 405, 408, 413, 417, 431, 501, 505]
        return allowed.contains { answer.hasPrefix("HTTP/1.1 \($0) ") } && answer.contains("\r\n\r\n")
    }
}

/// The shapes of bad input the garbage test sends.
private enum GarbageKind: CaseIterable {
    case randomBytes, truncatedRequest, mutatedRequest, hugeHeader, oversizedBody, randomLines,
        manyRequests

    private static let valid = Array(
        "POST /v1/echo?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"a\": true}"
            .utf8)

    func make(using generator: inout SeededRandomNumberGenerator) -> [UInt8] {
        switch self {
        case .randomBytes:
            return (0..<Int.random(in: 0...2048, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
        case .truncatedRequest:
            return Array(Self.valid.prefix(Int.random(in: 0..<Self.valid.count, using: &generator)))
        case .mutatedRequest:
            var bytes = Self.valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            return bytes
        case .hugeHeader:
            let size = Int.random(in: 3 * 1024...12 * 1024, using: &generator)
            return Array(
                "GET /v1/ping HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "h", count: size))\r\n\r\n"
                    .utf8)
        case .oversizedBody:
            let announced = Int.random(in: 8 * 1024...100_000_000, using: &generator)
            let sent = (0..<Int.random(in: 0...16 * 1024, using: &generator)).map { _ in UInt8(ascii: "b")
            }
            return Array("POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(announced)\r\n\r\n".utf8)
                + sent
        case .randomLines:
            let printable = Array(
                " !\"#%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcz{|}~\t".utf8)
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                bytes += (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                    printable.randomElement(using: &generator) ?? 32
                }
                bytes += Bool.random(using: &generator) ? [13, 10] : [10]
            }
            return bytes + [13, 10]
        case .manyRequests:
            let count = Int.random(in: 2...5, using: &generator)
            return Array(repeating: Self.valid, count: count).flatMap { $0 } + Self.valid.prefix(10)
        }
    }
}
