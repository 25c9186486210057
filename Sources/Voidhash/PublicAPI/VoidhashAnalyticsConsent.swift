/// Whether the user agreed to analytics. Person attributes and events need `.granted`.
public enum VoidhashAnalyticsConsent: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user agreed.
    case granted
    /// The user refused.
    case denied
    /// The user has not answered yet; treated as not granted.
    case pending
}
