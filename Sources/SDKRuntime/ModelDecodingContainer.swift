/// Reads the members of a generated model from its JSON object.
///
/// Generated `init(from:)` bodies call one method per member: `decode` for a member that must
/// be present and `decodeIfPresent` for an optional one (absent or `null` gives `nil`). Each
/// has a single generic overload, so that the compiler's type checker settles every call at
/// once.
public struct ModelDecodingContainer {
    private let container: KeyedDecodingContainer<ModelCodingKey>

    /// The members of the JSON object `decoder` holds; anything else is a `DecodingError`.
    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: ModelCodingKey.self)
    }

    /// The member `name`, which must be present and not `null`.
    public func decode<Value: Decodable>(_ name: String) throws -> Value {
        try container.decode(Value.self, forKey: ModelCodingKey(name))
    }

    /// The member `name`, or `nil` when it is absent or `null`.
    public func decodeIfPresent<Value: Decodable>(_ name: String) throws -> Value? {
        try container.decodeIfPresent(Value.self, forKey: ModelCodingKey(name))
    }
}
