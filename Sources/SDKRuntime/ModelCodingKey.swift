/// The coding key of every generated model: a JSON member name.
///
/// Generated models write their `Codable` conformance out (through `ModelDecodingContainer`
/// and `ModelEncodingContainer`) instead of having the compiler synthesize it with a
/// `CodingKeys` enum per model, which costs several times as much to compile.
public struct ModelCodingKey: CodingKey, Hashable, Sendable {
    /// The JSON member name.
    public let stringValue: String

    /// The key for the JSON member `name`.
    public init(_ name: String) {
        stringValue = name
    }

    /// The key for the JSON member `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Always `nil`: models are JSON objects, never arrays.
    public var intValue: Int? { nil }

    /// Always `nil`: models are JSON objects, never arrays.
    public init?(intValue: Int) {
        nil
    }
}
