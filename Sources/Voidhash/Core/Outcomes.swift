import SDKRuntime

/// What became of a queued write, for the call waiting on it.
enum ItemOutcome: Sendable, Hashable {
    /// Voidhash applied it.
    case delivered
    /// Voidhash refused it for good (the waiter that takes this outcome reports it).
    case rejected(code: String, message: String)
    /// The first attempt failed; it stays queued.
    case failedForNow
}

/// How a person refresh ended, for the reads waiting on it.
enum RefreshOutcome: Sendable, Hashable {
    /// Voidhash answered and the cache is up to date.
    case updated
    /// The refresh failed.
    case failed(APIError)
    /// The identity changed while waiting: read the new identity's state.
    case superseded
}
