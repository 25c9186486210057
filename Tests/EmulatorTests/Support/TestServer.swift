import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes most tests share: an echo of the request, path parameters, a JSON document.
func sampleRouter() throws -> Router {
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

/// Starts a server, runs `body` with it and its base URL, and always stops it.
func withServer(
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
    /// The port of a base URL the server returned.
    var serverPort: UInt16 { UInt16(port ?? 0) }
}

/// A URLSession without caches or cookies.
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 20
    return URLSession(configuration: configuration)
}()

/// Sends a request with URLSession and returns status, body and response.
func fetch(
    _ url: URL, _ path: String, method: String = "GET", body: Data? = nil,
    headers: [String: String] = [:]
) async throws -> (status: Int, body: Data, response: HTTPURLResponse) {
    var request = URLRequest(url: URL(string: url.absoluteString + path) ?? url)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await testSession.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return (http.statusCode, data, http)
}

/// Sends `text` on a new raw connection, closes the sending side, and reads until the server
/// closes: everything the server answered.
func exchange(_ text: String, port: UInt16) async throws -> String {
    try await offPool {
        let client = try RawClient(port: port)
        client.write(text)
        client.shutdownWrite()
        return String(decoding: client.readToEnd(), as: UTF8.self)
    }
}
