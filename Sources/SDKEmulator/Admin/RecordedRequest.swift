import Foundation
import SDKHashing
import SDKRuntime

/// One request as the emulator's request log keeps it.
///
/// In JSON (`GET /_admin/requests`), headers and query items are `[{"name":..,"value":..}]`,
/// `receivedAt` is ISO 8601 with milliseconds, and the body is `body` (text) when it is UTF-8,
/// else `bodyBase64`, or `bodyOmitted` (`{"length":..,"sha256":..}`) when it was too long to keep;
/// `status` is left out until the request is answered.
public struct RecordedRequest: Sendable, Hashable {
    /// Position in arrival order, starting at 1 and never reused while the server lives.
    public var sequence: Int
    /// The name of the route it matched, or `nil` when no route did (it was answered 404/405).
    public var route: String?
    /// The fault injected into it, if any.
    public var fault: Fault?
    /// The request itself; its body is empty when ``omittedBody`` is set.
    public var request: EmulatorRequest
    /// The length and digest of a body longer than the log keeps
    /// (``ServerLimits/maxLoggedBodyBytes``); `nil` when the body is in ``request``.
    public var omittedBody: OmittedBody?
    /// The status of the answer: `nil` while the request is under way (delayed, held, in its
    /// handler) and when its connection was dropped before a status line.
    public var status: Int?

    /// A log entry with every part spelled out.
    public init(
        sequence: Int, route: String?, fault: Fault?, request: EmulatorRequest, omittedBody: OmittedBody? = nil,
        status: Int? = nil
    ) {
        self.sequence = sequence
        self.route = route
        self.fault = fault
        self.request = request
        self.omittedBody = omittedBody
        self.status = status
    }
}

/// What the request log keeps of a body too long to keep whole.
public struct OmittedBody: Codable, Sendable, Hashable {
    /// The body's length in bytes.
    public var length: Int
    /// The body's SHA-256 digest, 64 lowercase hex digits.
    public var sha256: String

    /// The length and digest of `body`.
    public init(of body: Data) {
        length = body.count
        sha256 = SHA256Hash.hex(of: body)
    }
}

extension RecordedRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case sequence, route, fault, method, path, query, headers, body, bodyBase64, bodyOmitted, receivedAt, status
    }

    private struct Field: Codable {
        var name: String
        var value: String
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Decodes an entry from the JSON form described on the type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        route = try container.decodeIfPresent(String.self, forKey: .route)
        fault = try container.decodeIfPresent(Fault.self, forKey: .fault)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        omittedBody = try container.decodeIfPresent(OmittedBody.self, forKey: .bodyOmitted)
        let body: Data
        if let text = try container.decodeIfPresent(String.self, forKey: .body) {
            body = Data(text.utf8)
        } else if let encoded = try container.decodeIfPresent(String.self, forKey: .bodyBase64) {
            guard let decoded = Data(base64Encoded: encoded) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bodyBase64, in: container, debugDescription: "invalid base64")
            }
            body = decoded
        } else {
            body = Data()
        }
        let timestamp = try container.decode(String.self, forKey: .receivedAt)
        guard let receivedAt = try? Self.timestampStyle.parse(timestamp) else {
            throw DecodingError.dataCorruptedError(
                forKey: .receivedAt, in: container, debugDescription: "not an ISO 8601 timestamp")
        }
        request = EmulatorRequest(
            method: try container.decode(String.self, forKey: .method),
            path: try container.decode(String.self, forKey: .path),
            query: try container.decode([Field].self, forKey: .query).map {
                HTTPField(name: $0.name, value: $0.value)
            },
            headers: try container.decode([Field].self, forKey: .headers).map {
                HTTPField(name: $0.name, value: $0.value)
            },
            body: body, receivedAt: receivedAt)
    }

    /// Encodes the entry in the JSON form described on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(route, forKey: .route)
        try container.encodeIfPresent(fault, forKey: .fault)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(request.method, forKey: .method)
        try container.encode(request.path, forKey: .path)
        try container.encode(
            request.query.map { Field(name: $0.name, value: $0.value) }, forKey: .query)
        try container.encode(
            request.headers.map { Field(name: $0.name, value: $0.value) }, forKey: .headers)
        if let omittedBody {
            try container.encode(omittedBody, forKey: .bodyOmitted)
        } else if let text = String(strictUTF8: request.body) {
            try container.encode(text, forKey: .body)
        } else {
            try container.encode(request.body.base64EncodedString(), forKey: .bodyBase64)
        }
        try container.encode(request.receivedAt.formatted(Self.timestampStyle), forKey: .receivedAt)
    }
}
