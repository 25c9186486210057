import MobileJoeAPI

/// The preferred languages, read once, at the first request that asks for them, and kept.
actor LanguagesOnce {
    private let read: @Sendable () -> [String]
    private var value: [String]?

    /// Reads with `read` when first asked.
    init(read: @escaping @Sendable () -> [String]) {
        self.read = read
    }

    /// The languages (at most `MobileJoeConstants.maxPreferredLanguages`), read on the first call.
    func languages() -> [String] {
        if let value { return value }
        let read = Array(read().prefix(MobileJoeConstants.maxPreferredLanguages))
        value = read
        return read
    }
}
