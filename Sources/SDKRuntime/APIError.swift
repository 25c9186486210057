/// What a generated client throws when an operation did not succeed.
///
/// `category` is what callers branch on; `code` is the spec's error code when the server sent
/// one (`INVALID_ARGUMENT`, `PERSON_WRITE_REJECTED`, ...).
public struct APIError: Error, Sendable, Hashable {
    /// The four outcomes a caller must tell apart, plus a response that made no sense.
    public enum Category: String, Sendable, Hashable {
        /// Refused for good: a 4xx other than 401, 403, 408 and 429. Do not send it again.
        case rejected
        /// The key was refused (401 or 403, or the code `AUTHENTICATION_FAILED`).
        case authenticationFailed
        /// Worth trying again later: 5xx, 408, 429, a timeout or a broken connection.
        case retryable
        /// No connection could be made.
        case unreachable
        /// A response arrived but could not be understood (malformed body, wrong shape).
        case invalidResponse
    }

    /// What kind of failure this is.
    public var category: Category
    /// The HTTP status, when a response arrived.
    public var status: Int?
    /// The error code from the response body, when there was one.
    public var code: String?
    /// The server's or the transport's explanation, free of personal data.
    public var message: String
    /// How long the server asked us to wait (`Retry-After`), when it did.
    public var retryAfter: Duration?

    /// An error with every part spelled out.
    public init(
        category: Category, status: Int? = nil, code: String? = nil, message: String,
        retryAfter: Duration? = nil
    ) {
        self.category = category
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }
}

extension APIError {
    /// The category, status and code, without the message: safe to log, since a server's
    /// message may repeat what the request carried.
    public var summary: String {
        var parts = [category.rawValue]
        if let status { parts.append("status \(status)") }
        if let code { parts.append(code) }
        return parts.joined(separator: ", ")
    }
}
