/// A YAML node as the loader sees it: scalars stay text (the loader decides what they mean),
/// and every node keeps where it started.
public indirect enum YAMLNode: Hashable, Sendable {
    /// A scalar with its text, whether it was quoted (so `"5"` stays a string) and its location.
    case scalar(String, quoted: Bool, SourceLocation)
    /// A sequence of nodes.
    case sequence([YAMLNode], SourceLocation)
    /// A mapping, in file order; duplicate keys are kept so the loader can report them.
    case mapping([(key: YAMLScalarKey, value: YAMLNode)], SourceLocation)

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .scalar(_, _, let location), .sequence(_, let location), .mapping(_, let location):
            location
        }
    }

    /// A word for the node's kind, for messages ("a mapping", "a list", "a scalar").
    public var kindDescription: String {
        switch self {
        case .scalar: "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// Structural equality that ignores nothing (locations included).
    public static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a, qa, la), .scalar(b, qb, lb)): a == b && qa == qb && la == lb
        case let (.sequence(a, la), .sequence(b, lb)): a == b && la == lb
        case let (.mapping(a, la), .mapping(b, lb)):
            la == lb && a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Hashes the node's structure.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .scalar(text, quoted, location):
            hasher.combine(0)
            hasher.combine(text)
            hasher.combine(quoted)
            hasher.combine(location)
        case let .sequence(items, location):
            hasher.combine(1)
            hasher.combine(items)
            hasher.combine(location)
        case let .mapping(pairs, location):
            hasher.combine(2)
            hasher.combine(location)
            for pair in pairs {
                hasher.combine(pair.key)
                hasher.combine(pair.value)
            }
        }
    }
}

/// A mapping key: spec files only use scalar keys.
public struct YAMLScalarKey: Hashable, Sendable {
    /// The key's text.
    public var text: String
    /// Where the key is written.
    public var location: SourceLocation

    /// A key with its text and location.
    public init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}
