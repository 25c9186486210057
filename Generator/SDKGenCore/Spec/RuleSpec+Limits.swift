/// The largest limits a spec may state. The generator's work for a rule does not grow with
/// them (edge cases are worked out without building the strings, map samples without building
/// every key), but the generated tests build the edge values when they run.
extension StringRule {
    /// The lengths `length: {min, max}` may give.
    public static let lengthLimits = 0...1_000_000
}

extension MapRule {
    /// The counts `maxCount` may give.
    public static let countLimits = 1...100_000
}
