import Foundation
import SDKRuntime

/// One request as a route handler sees it: fully read, decoded and checked for HTTP validity.
public struct EmulatorRequest: Sendable, Hashable {
    /// The method as sent (`GET`, `POST`, ...); methods are case-sensitive.
    public var method: String
    /// The path as sent, still percent-encoded, without the query (`/v1/people/vh%2Fx`).
    public var path: String
    /// The query items in order, percent-decoded, `+` read as a space as form encoding writes
    /// one (`%2B` is the plus sign).
    public var query: [HTTPField]
    /// The header fields in the order received, values trimmed of surrounding whitespace.
    public var headers: [HTTPField]
    /// The body (empty when there was none).
    public var body: Data
    /// When the server finished reading the request, by the server's clock.
    public var receivedAt: Date

    /// A request with every part spelled out (handy for calling a handler directly in tests).
    public init(
        method: String, path: String, query: [HTTPField] = [], headers: [HTTPField] = [],
        body: Data = Data(), receivedAt: Date = Date()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.receivedAt = receivedAt
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers[field: name]
    }

    /// The `Idempotency-Key` the request carries, or `nil` when it has none or a blank one
    /// (which a generated client never sends).
    public var idempotencyKey: String? {
        header("Idempotency-Key").flatMap { TextChecks.containsNonWhitespace($0) ? $0 : nil }
    }

    /// The value of the first query item named `name` (case-sensitive, as URLs are).
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Decodes the body as JSON.
    public func decodeJSON<Value: Decodable>(
        _ type: Value.Type, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        try decoder.decode(type, from: body)
    }

    /// The path split at `/` and percent-decoded segment by segment (`/a/b%2Fc` → `a`, `b/c`);
    /// `nil` when a segment is not valid percent-encoded UTF-8. The root path `/` has no segments.
    public var pathSegments: [String]? {
        PercentDecoding.segments(ofPath: path)
    }
}
