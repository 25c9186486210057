/// An enumeration whose wire form is a string and which keeps values it does not know: the
/// generated enums of every spec conform, and get their JSON coding from here.
///
/// A generated enum declares its cases, ``knownCases`` and `rawValue`; reading a raw value is
/// written once, here, by looking the value up among the known cases. Written out in every enum
/// as a `switch` over strings, it was a quarter of the code the compiler produced for the enum.
public protocol OpenStringEnum: Codable, Hashable, Sendable, RawRepresentable where RawValue == String {
    /// Every value the contract knows, in spec order.
    static var knownCases: [Self] { get }

    /// The case that keeps a value the contract does not know.
    static func unknown(_ rawValue: String) -> Self

    /// The case for `rawValue`; an unknown value is kept, never refused.
    init(rawValue: String)
}

extension OpenStringEnum {
    /// The known case whose wire form is `rawValue`, or `unknown(rawValue)`.
    ///
    /// Inlinable, so that a release build of a generated module gets a copy for each enum, which
    /// calls the enum's own `knownCases` and `rawValue` directly.
    @inlinable
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

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
