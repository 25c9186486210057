import Foundation

/// One header field: a name and its value, kept in the order they were added.
public struct HTTPField: Sendable, Hashable {
    /// The field name, as written (compared without regard to case by lookups).
    public var name: String
    /// The field value.
    public var value: String

    /// A field with the given name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Case-insensitive lookup over an ordered list of header fields.
extension Array where Element == HTTPField {
    /// The value of the first field named `name`, compared without regard to case.
    public subscript(field name: String) -> String? {
        first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A request as a generated client describes it, before a transport sends it.
public struct HTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public var method: String
    /// The path below the base URL, starting with `/`, path parameters already percent-encoded.
    public var path: String
    /// Query items, in order; values are not yet percent-encoded.
    public var query: [HTTPField]
    /// Header fields, in order.
    public var headers: [HTTPField]
    /// The body, if any (JSON for every operation of our specs).
    public var body: Data?
    /// The longest this request may take; `nil` means the transport's default.
    public var timeout: Duration?
    /// Whether sending it twice is harmless (a `GET`, or a mutation carrying an idempotency key),
    /// and so whether a retry policy may repeat it.
    public var isSafeToRepeat: Bool

    /// A request with every part spelled out.
    public init(
        method: String, path: String, query: [HTTPField] = [], headers: [HTTPField] = [],
        body: Data? = nil, timeout: Duration? = nil, isSafeToRepeat: Bool
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.isSafeToRepeat = isSafeToRepeat
    }
}

/// A response as a transport hands it back.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, in order.
    public var headers: [HTTPField]
    /// The body bytes (empty when there was none).
    public var body: Data

    /// A response with every part spelled out.
    public init(status: Int, headers: [HTTPField] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends requests. `URLSessionTransport` is the real one; tests and apps may bring their own.
public protocol Transport: Sendable {
    /// Sends `request` to `baseURL` and returns the response, whatever its status.
    ///
    /// Throws `TransportError` when no response arrived.
    func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse
}

/// Why no response arrived.
public enum TransportError: Error, Sendable, Hashable {
    /// No connection could be made (refused, no route, offline).
    case unreachable(String)
    /// No complete response within the request's timeout.
    case timedOut
    /// The connection broke before the response was complete.
    case connectionLost(String)
    /// The caller's task was cancelled.
    case cancelled
    /// The request could not be built or was refused locally (for example a plain `http://`
    /// URL to a host that is not loopback).
    case invalidRequest(String)
}
