import SDKRuntime
import VoidhashAPI

/// What an instance has said about a refused publishable key: the pages ask for one throw of
/// `AUTHENTICATION_FAILED`, from a read that has nothing cached, and one diagnostic.
struct AuthenticationLatch: Sendable, Hashable {
    /// Whether a read already threw `AUTHENTICATION_FAILED`.
    private(set) var hasThrown = false
    /// Whether the refused key was already reported as a diagnostic.
    private(set) var hasReported = false

    /// Whether a read that failed with `error` throws `AUTHENTICATION_FAILED`: only when Voidhash
    /// refused the key, only when nothing Voidhash answered is cached, and only once per instance.
    mutating func shouldThrow(for error: APIError, hasCachedAnswer: Bool) -> Bool {
        guard Self.isRefusedKey(error), !hasCachedAnswer, !hasThrown else { return false }
        hasThrown = true
        return true
    }

    /// Whether a delivery or refresh that failed with `error` is reported as a refused key: only
    /// the first time in the instance.
    mutating func shouldReport(_ error: APIError) -> Bool {
        guard Self.isRefusedKey(error), !hasReported else { return false }
        hasReported = true
        return true
    }

    /// Whether `error` is Voidhash refusing the publishable key: a 401 or 403 carrying its
    /// `AUTHENTICATION_FAILED` body. The same status without it (a captive portal, a proxy) is
    /// something in between answering, which the pages do not make a refused key.
    static func isRefusedKey(_ error: APIError) -> Bool {
        error.category == .authenticationFailed && error.code == VoidhashErrorCode.authenticationFailed.rawValue
    }
}
