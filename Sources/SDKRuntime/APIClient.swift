import Foundation

/// Sends a generated client's requests and turns every outcome into a value or an `APIError`.
///
/// It adds the headers the SDK supplies for every call (the request's own fields win), sends
/// through the transport, decodes a 2xx body with `JSONCoding`, and maps everything else:
///
/// | outcome | category |
/// | --- | --- |
/// | 2xx whose body does not decode | `invalidResponse` |
/// | 401, 403, or error code `AUTHENTICATION_FAILED` | `authenticationFailed` |
/// | 408, 429, 5xx | `retryable` (with `Retry-After`) |
/// | any other 4xx | `rejected` |
/// | 1xx, 3xx, or a status above 599 | `invalidResponse` |
/// | `TransportError.unreachable` | `unreachable` |
/// | `.timedOut`, `.connectionLost` | `retryable` |
/// | `.cancelled` | `retryable` (see below) |
/// | `.invalidRequest` | `rejected` |
///
/// A cancelled request maps to `retryable`: the server decided nothing, so the call may be
/// made again, and `APIError` has no category of its own for it. Callers that must tell a
/// cancellation apart check `Task.isCancelled`.
///
/// Error bodies have the shape `{"error": {"code": "INVALID_ARGUMENT", "message": "..."}}`; a
/// missing or garbled one still maps by status. The error's message is the body's `message`
/// when there is one, else one naming the status; a body that fails to decode is never quoted.
public struct APIClient: Sendable {
    /// The URL every request path is appended to.
    public let baseURL: URL
    /// What sends the requests.
    public let transport: any Transport
    /// The clock that dates `Retry-After` values given as HTTP-dates.
    public let clock: any SDKClock
    private let headers: @Sendable () async -> [HTTPField]

    /// A client for the API at `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: the API's base URL; paths are appended to it.
    ///   - transport: what sends requests (a `URLSessionTransport`, maybe wrapped in a
    ///     `RetryingTransport`, or a test double).
    ///   - clock: dates `Retry-After` HTTP-dates; the device clock by default.
    ///   - headers: called before every send for the fields the SDK adds to each request
    ///     (authorization, SDK version, languages); a request's own field of the same name wins.
    public init(
        baseURL: URL, transport: any Transport, clock: any SDKClock = SystemClock(),
        headers: @escaping @Sendable () async -> [HTTPField] = { [] }
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.clock = clock
        self.headers = headers
    }

    /// Sends `request` and decodes the 2xx response body as `R`.
    public func send<R: Decodable & Sendable>(_ request: HTTPRequest, decoding type: R.Type)
        async throws(APIError) -> R
    {
        let response = try await exchange(request)
        do {
            return try JSONCoding.decoder.decode(R.self, from: response.body)
        } catch {
            throw APIError(
                category: .invalidResponse, status: response.status,
                message: "The response body is not a valid \(R.self).")
        }
    }

    /// Sends `request` and ignores the body of its 2xx response (for `204 No Content` and the
    /// like).
    public func send(_ request: HTTPRequest) async throws(APIError) {
        _ = try await exchange(request)
    }

    /// The header field that carries an idempotency key: `Idempotency-Key: <key>`. Refused as
    /// `rejected` before anything is sent: a key with nothing but white space (no two changes
    /// could be told apart by it, and servers refuse it), and a key holding a control character
    /// (Unicode category Cc, a tab included), which a header line cannot carry (RFC 9110).
    public static func idempotencyKeyField(_ key: String) throws(APIError) -> HTTPField {
        guard TextChecks.containsNonWhitespace(key) else {
            throw APIError(category: .rejected, message: "The idempotency key is blank.")
        }
        if let control = key.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let digits = String(control.value, radix: 16, uppercase: true)
            throw APIError(
                category: .rejected,
                message:
                    "The idempotency key holds the control character U+\(String(repeating: "0", count: 4 - digits.count))\(digits), which a header cannot carry."
            )
        }
        return HTTPField(name: "Idempotency-Key", value: key)
    }

    /// The error a response stands for, or `nil` for a 2xx; `now` dates a `Retry-After`
    /// HTTP-date.
    public static func error(for response: HTTPResponse, now: Date) -> APIError? {
        let status = response.status
        if (200...299).contains(status) { return nil }
        let body = try? JSONDecoder().decode(ErrorEnvelope.self, from: response.body)
        let code = body?.error?.code
        let category: APIError.Category =
            if code == "AUTHENTICATION_FAILED" || status == 401 || status == 403 {
                .authenticationFailed
            } else if RetryPolicy.isRetryable(status: status) {
                .retryable
            } else if (400...499).contains(status) {
                .rejected
            } else {
                .invalidResponse
            }
        let message =
            body?.error?.message.flatMap { $0.isEmpty ? nil : $0 }
            ?? "The server answered with HTTP \(status)."
        let retryAfter = response.headers[field: "Retry-After"].flatMap {
            RetryAfter.parse($0, now: now)
        }
        return APIError(
            category: category, status: status, code: code, message: message, retryAfter: retryAfter)
    }

    /// The error a transport failure stands for.
    public static func error(for failure: TransportError) -> APIError {
        switch failure {
        case .unreachable(let reason):
            APIError(category: .unreachable, message: "No connection could be made: \(reason)")
        case .timedOut:
            APIError(category: .retryable, message: "The request timed out.")
        case .connectionLost(let reason):
            APIError(category: .retryable, message: "The connection was lost: \(reason)")
        case .cancelled:
            APIError(category: .retryable, message: "The request was cancelled.")
        case .invalidRequest(let reason):
            APIError(category: .rejected, message: "The request was refused before sending: \(reason)")
        }
    }

    /// Adds the SDK's headers, sends, and returns the response if it is a 2xx.
    private func exchange(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        var prepared = request
        prepared.headers = Self.merge(request, with: await headers())
        let response: HTTPResponse
        do {
            response = try await transport.send(prepared, to: baseURL)
        } catch {
            throw Self.error(for: error)
        }
        if let error = Self.error(for: response, now: clock.now()) { throw error }
        return response
    }

    /// The request's own fields, then each supplied field whose name the request lacks, then
    /// JSON `Accept` and (with a body) `Content-Type` unless already present.
    static func merge(_ request: HTTPRequest, with supplied: [HTTPField]) -> [HTTPField] {
        var fields = request.headers
        var defaults = supplied + [HTTPField(name: "Accept", value: "application/json")]
        if request.body != nil {
            defaults.append(HTTPField(name: "Content-Type", value: "application/json"))
        }
        for field in defaults where fields[field: field.name] == nil {
            fields.append(field)
        }
        return fields
    }
}

/// The error body every API of the SDKs sends: `{"error": {"code": ..., "message": ...}}`.
private struct ErrorEnvelope: Decodable {
    struct Detail: Decodable {
        var code: String?
        var message: String?
    }

    var error: Detail?
}
