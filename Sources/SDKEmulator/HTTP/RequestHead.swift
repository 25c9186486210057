import SDKRuntime

/// The request line and header fields of one request, checked and interpreted.
struct RequestHead: Sendable, Hashable {
    /// The method token.
    var method: String
    /// The path, still percent-encoded (valid encoding already checked).
    var path: String
    /// The decoded query items.
    var query: [HTTPField]
    /// The header fields, in order.
    var headers: [HTTPField]
    /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    var minorVersion: Int
    /// The body length from `Content-Length` (0 when absent).
    var contentLength: Int
    /// Whether the client wants the connection kept open after the response.
    var keepAlive: Bool
    /// Whether the client sent `Expect: 100-continue` and waits for an interim response.
    var expectsContinue: Bool
}
