/// The syntax tree of a supported pattern, reduced to what matching needs (groups only nest).
indirect enum PatternNode: Hashable, Sendable {
    /// Matches the empty string.
    case empty
    /// Matches one scalar from the set.
    case scalars(ScalarSet)
    /// Matches each part in turn.
    case sequence([PatternNode])
    /// Matches any one of the alternatives.
    case alternation([PatternNode])
    /// Matches the node between `min` and `max` times (`nil`: no upper limit).
    case repetition(PatternNode, min: Int, max: Int?)
}

/// A parsed pattern: its body and whether it is anchored at each end of the input.
struct ParsedPattern: Hashable, Sendable {
    /// The part between the anchors.
    var body: PatternNode
    /// Whether the pattern starts with `^` (otherwise the match may start anywhere).
    var anchoredAtStart: Bool
    /// Whether the pattern ends with `$` (otherwise the match may end anywhere).
    var anchoredAtEnd: Bool
}
