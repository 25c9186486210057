import Foundation
import SDKEmulator
import SDKRuntime
import Testing

/// A connection the server drops must fail the request as a lost connection, not hang until the
/// time limit, whatever the method, also when the connection was already used for an earlier
/// request (keep-alive), and the next request must go through.
///
/// On Linux, libcurl re-sends a request whose reused connection closed without an answer, and
/// FoundationNetworking cannot rewind an in-memory body for it: before the fix in
/// `URLSessionResponseCollector`, a dropped POST hung until the time limit and failed as
/// `.timedOut`. The test tells the two apart by the error, not by the time taken (the thread
/// sanitizer on two processors once took 9 s to see a drop).
@Suite("Dropped connections", .serialized, .timeLimit(.minutes(3)))
struct DroppedConnectionTests {
    /// An echo server for `GET /ping` and `POST /echo`.
    private static func makeServer() throws -> EmulatorServer {
        var router = Router()
        try router.add("GET", "/ping", name: "ping") { _, _ in .text("pong") }
        try router.add("POST", "/echo", name: "echo") { request, _ in
            EmulatorResponse(status: 200, body: request.body)
        }
        return EmulatorServer(router: router)
    }

    @Test(
        .timeLimit(.minutes(3)),
        arguments: [("GET", 0), ("POST", 2), ("POST", 256 * 1024)], [true, false])
    func aDroppedRequestFailsAsALostConnectionAndTheNextOneWorks(
        request: (method: String, bodySize: Int), reusedConnection: Bool
    ) async throws {
        let server = try Self.makeServer()
        let baseURL = try await server.start()
        // Long enough that only a hang reaches it, on any machine.
        let transport = URLSessionTransport(timeout: .seconds(60))
        let route = request.method == "GET" ? "ping" : "echo"
        let message =
            request.method == "GET"
            ? HTTPRequest(method: "GET", path: "/ping", isSafeToRepeat: true)
            : HTTPRequest(
                method: "POST", path: "/echo", body: Data(repeating: 0x7B, count: request.bodySize),
                isSafeToRepeat: true)
        if reusedConnection {
            #expect(try await transport.send(message, to: baseURL).status == 200)
        }
        server.inject(.dropConnection, route: route, scope: .next(2))
        let error = await #expect(throws: TransportError.self) { try await transport.send(message, to: baseURL) }
        let wasLost = if case .connectionLost? = error { true } else { false }
        #expect(wasLost, "a dropped \(request.method) failed as \(String(describing: error))")
        server.clearFaults()
        let next = try await transport.send(message, to: baseURL)
        #expect(next.status == 200)
        #expect(next.body.count == (request.method == "GET" ? 4 : request.bodySize))
        await server.stop()
    }
}
