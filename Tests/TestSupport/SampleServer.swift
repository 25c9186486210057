import Foundation
import SDKEmulator
import SDKRuntime

/// Routes most emulator tests share: `GET /v1/people/{distinctId}` (a JSON document of its path
/// parameter and `expand` query), `POST /v1/echo` (the request body back, as
/// `application/octet-stream`) and `GET /v1/ping` (`pong`).
public func sampleRouter() throws -> Router {
    var router = Router()
    try router.add("GET", "/v1/people/{distinctId}", name: "getPerson") { request, parameters in
        .json([
            "distinctId": parameters["distinctId"] ?? "", "expand": request.queryValue("expand") ?? "",
        ])
    }
    try router.add("POST", "/v1/echo", name: "echo") { request, _ in
        EmulatorResponse(
            status: 200, headers: [HTTPField(name: "Content-Type", value: "application/octet-stream")],
            body: request.body)
    }
    try router.add("GET", "/v1/ping", name: "ping") { _, _ in .text("pong") }
    return router
}

/// Starts a server for `router` (``sampleRouter()`` when `nil`) with `limits`, runs `body` with
/// it and its base URL, and always stops it, when `body` throws too.
public func withServer(
    router: Router? = nil, limits: ServerLimits = .standard,
    onReset: @escaping @Sendable () async -> Void = {},
    _ body: (EmulatorServer, URL) async throws -> Void
) async throws {
    let server = EmulatorServer(
        router: try router ?? sampleRouter(), limits: limits, onReset: onReset)
    let url = try await server.start()
    do {
        try await body(server, url)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

extension URL {
    /// The port of a base URL the server returned (0 when it names none).
    public var serverPort: UInt16 { UInt16(port ?? 0) }
}
