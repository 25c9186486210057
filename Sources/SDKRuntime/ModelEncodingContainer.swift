/// Writes the members of a generated model into a JSON object.
///
/// Generated `encode(to:)` bodies call one method per member, in spec order: `encode` for a
/// member that is always written and `encodeIfPresent` for an optional one, which is left out
/// when it is `nil` (as the synthesized conformance does).
public struct ModelEncodingContainer {
    private var container: KeyedEncodingContainer<ModelCodingKey>

    /// A JSON object written into `encoder`.
    public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: ModelCodingKey.self)
    }

    /// Writes `value` as the member `name`.
    public mutating func encode<Value: Encodable>(_ value: Value, as name: String) throws {
        try container.encode(value, forKey: ModelCodingKey(name))
    }

    /// Writes `value` as the member `name`, or nothing when it is `nil`.
    public mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, as name: String) throws {
        try container.encodeIfPresent(value, forKey: ModelCodingKey(name))
    }
}
