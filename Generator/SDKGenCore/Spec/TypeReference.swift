/// A type as a spec writes it: `string`, `integer`, `number`, `boolean`, `date`, `json`,
/// a model or enum name, `[T]` (a list), `[string: T]` (a map), and a trailing `?` for optional.
public indirect enum TypeReference: Hashable, Sendable {
    /// A string.
    case string
    /// A whole number (64-bit).
    case integer
    /// A number.
    case number
    /// `true` or `false`.
    case boolean
    /// A point in time, on the wire as an RFC 3339 string.
    case date
    /// Any JSON value.
    case json
    /// A model or enum declared in the same spec.
    case named(String)
    /// A list of values.
    case list(TypeReference)
    /// A map from string keys to values.
    case map(TypeReference)
    /// A value that may be absent.
    case optional(TypeReference)

    /// The type without its optional marker.
    public var unwrapped: TypeReference {
        if case .optional(let inner) = self { inner } else { self }
    }

    /// Whether the value may be absent.
    public var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    /// Every named type this reference mentions.
    public var namedTypes: [String] {
        switch self {
        case .named(let name): [name]
        case .list(let inner), .map(let inner), .optional(let inner): inner.namedTypes
        default: []
        }
    }
}
