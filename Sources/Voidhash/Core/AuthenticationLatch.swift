import SDKRuntime

/// What an instance has said about a refused publishable key: the pages ask for one throw of
/// `AUTHENTICATION_FAILED`, from a read that has nothing cached, and one diagnostic.
struct AuthenticationLatch: Sendable, Hashable {
    /// Whether a read already threw `AUTHENTICATION_FAILED`.
    private(set) var hasThrown = false
    /// Whether the refused key was already reported as a diagnostic.
    private(set) var hasReported = false

    /// Whether a read that failed with `error` throws `AUTHENTICATION_FAILED`: only for a refused
    /// key, only when nothing Voidhash answered is cached, and only once per instance.
    mutating func shouldThrow(for error: APIError, hasCachedAnswer: Bool) -> Bool {
        guard error.category == .authenticationFailed, !hasCachedAnswer, !hasThrown else { return false }
        hasThrown = true
        return true
    }

    /// Whether a delivery or refresh that failed with `error` is reported as a refused key: only
    /// the first time in the instance.
    mutating func shouldReport(_ error: APIError) -> Bool {
        guard error.category == .authenticationFailed, !hasReported else { return false }
        hasReported = true
        return true
    }
}
