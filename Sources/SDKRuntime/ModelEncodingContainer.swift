/// Writes the members of a generated model into a JSON object.
///
/// A model's ``MemberwiseModel/encode(to:)`` calls one method per member, in spec order (through
/// its ``ModelMember``): `encode` for a member that is always written and `encodeIfPresent` for
/// an optional one, which is left out when it is `nil` (as the synthesized conformance does).
/// The methods are inlinable: a release build of a generated module gets a copy for each
/// member's type, in which the checks for a string, boolean or number are settled when it
/// compiles.
public struct ModelEncodingContainer {
    @usableFromInline var container: KeyedEncodingContainer<ModelCodingKey>

    /// A JSON object written into `encoder`.
    @inlinable
    public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: ModelCodingKey.self)
    }

    /// Writes `value` as the member `name`.
    ///
    /// A string, boolean or number goes to the encoder's own method for its type: the generic
    /// one asks at run time what the value is and wraps it in an encoder of its own, which
    /// takes about twice as long. A `JSONValue` or `[String: JSONValue]` member is written
    /// member by member into nested containers, for the same reason (see `JSONValue`); its keys
    /// are written as they are, like the model's own member names.
    @inlinable
    public mutating func encode<Value: Encodable>(_ value: Value, as name: String) throws {
        let key = ModelCodingKey(name)
        switch value {
        case let string as String: try container.encode(string, forKey: key)
        case let bool as Bool: try container.encode(bool, forKey: key)
        case let number as Double: try container.encode(number, forKey: key)
        case let number as Int64: try container.encode(number, forKey: key)
        case let number as Int: try container.encode(number, forKey: key)
        case let json as JSONValue: try JSONValue.encode(json, forKey: key, into: &container)
        default:
            if Value.self == [String: JSONValue].self, let members = value as? [String: JSONValue] {
                var nested = container.nestedContainer(keyedBy: ModelCodingKey.self, forKey: key)
                try JSONValue.encode(members, into: &nested)
            } else {
                try container.encode(value, forKey: key)
            }
        }
    }

    /// Writes `value` as the member `name`, or nothing when it is `nil`.
    @inlinable
    public mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, as name: String) throws {
        guard let value else { return }
        try encode(value, as: name)
    }
}
