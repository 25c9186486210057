import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLSession without caches or cookies. Its idle limit is long: a request some tests hold
/// open while they make another round trip waited over five seconds in a full run.
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 120
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
        // A minute, not RawClient's 5 s: a request held by a test waits for the test's next step,
        // which in a full run's first minute (every test starts at once) can take longer than 5 s.
        let client = try RawClient(port: port, timeout: .seconds(60))
        client.write(text)
        client.shutdownWrite()
        return String(decoding: client.readToEnd(), as: UTF8.self)
    }
}
