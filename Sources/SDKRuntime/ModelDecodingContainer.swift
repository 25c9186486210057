/// Reads the members of a generated model from its JSON object.
///
/// Generated `init(from:)` bodies call one method per member: `decode` for a member that must
/// be present and `decodeIfPresent` for an optional one (absent or `null` gives `nil`). Each
/// has a single generic overload, so that the compiler's type checker settles every call at
/// once. The methods are inlinable, as ``ModelEncodingContainer``'s are, and for the same reason.
public struct ModelDecodingContainer {
    @usableFromInline let container: KeyedDecodingContainer<ModelCodingKey>

    /// The members of the JSON object `decoder` holds; anything else is a `DecodingError`.
    @inlinable
    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: ModelCodingKey.self)
    }

    /// The member `name`, which must be present and not `null`.
    ///
    /// A string, boolean or number is read by the decoder's own method for its type: the
    /// generic one asks at run time what is wanted and reads through a decoder of its own.
    @inlinable
    public func decode<Value: Decodable>(_ name: String) throws -> Value {
        let key = ModelCodingKey(name)
        if let scalar = try decodeScalar(Value.self, forKey: key) { return scalar }
        return try container.decode(Value.self, forKey: key)
    }

    /// The member `name`, or `nil` when it is absent or `null`.
    @inlinable
    public func decodeIfPresent<Value: Decodable>(_ name: String) throws -> Value? {
        try container.decodeIfPresent(Value.self, forKey: ModelCodingKey(name))
    }

    /// The member at `key` read as a string, boolean or number when `Value` is one; `nil` for
    /// any other type.
    @inlinable
    func decodeScalar<Value: Decodable>(_: Value.Type, forKey key: ModelCodingKey) throws -> Value? {
        if Value.self == String.self { return try container.decode(String.self, forKey: key) as? Value }
        if Value.self == Bool.self { return try container.decode(Bool.self, forKey: key) as? Value }
        if Value.self == Double.self { return try container.decode(Double.self, forKey: key) as? Value }
        if Value.self == Int64.self { return try container.decode(Int64.self, forKey: key) as? Value }
        if Value.self == Int.self { return try container.decode(Int.self, forKey: key) as? Value }
        return nil
    }
}
