/// The bound a figure's median must stay within.
struct Target: Sendable, Encodable {
    /// Which side of the limit passes.
    enum Bound: String, Sendable, Encodable {
        /// The median must not exceed the limit.
        case atMost
        /// The median must reach the limit.
        case atLeast
    }

    /// Which side passes.
    var bound: Bound
    /// The limit, in the figure's unit.
    var limit: Double

    /// The median must not exceed `limit`.
    static func under(_ limit: Double) -> Target { Target(bound: .atMost, limit: limit) }

    /// The median must reach `limit`.
    static func atLeast(_ limit: Double) -> Target { Target(bound: .atLeast, limit: limit) }

    /// Whether `value` is within the bound.
    func isMet(by value: Double) -> Bool {
        switch bound {
        case .atMost: value <= limit
        case .atLeast: value >= limit
        }
    }

    /// `< 100 ms` or `≥ 20,000 /s`.
    func description(in unit: FigureUnit) -> String {
        (bound == .atMost ? "< " : "≥ ") + unit.format(limit) + " " + unit.rawValue
    }
}
