/// Which requests a fault applies to.
public enum FaultScope: Sendable, Hashable {
    /// The next `count` requests to the route, then the rule is removed.
    case next(Int)
    /// Every request until the rule is cleared.
    case untilCleared
    /// Each request with this probability (0...1), decided by a generator seeded with `seed`,
    /// so a load test hits the same requests on every run.
    case failFraction(Double, seed: UInt64)
}
