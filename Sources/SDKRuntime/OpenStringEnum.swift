/// An enumeration whose wire form is a string and which keeps values it does not know: the
/// generated enums of every spec conform, and get their JSON coding from here.
public protocol OpenStringEnum: Codable, Hashable, Sendable, RawRepresentable where RawValue == String {
    /// The case for `rawValue`; an unknown value is kept, never refused.
    init(rawValue: String)
}

extension OpenStringEnum {
    /// Decodes the value from a JSON string; unknown strings are kept.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the value as its JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
