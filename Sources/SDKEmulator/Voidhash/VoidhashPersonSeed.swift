import SDKRuntime

/// A person's profile to seed into the emulator (purchases are seeded with `seedPurchase`).
public struct VoidhashPersonSeed: Codable, Sendable, Hashable {
    /// The person's own distinct ID.
    public var distinctId: String
    /// The built-in email field.
    public var email: String?
    /// The built-in name field.
    public var name: String?
    /// Custom attributes.
    public var attributes: [String: JSONValue]

    /// A seed with every part spelled out.
    public init(distinctId: String, email: String? = nil, name: String? = nil, attributes: [String: JSONValue] = [:]) {
        self.distinctId = distinctId
        self.email = email
        self.name = name
        self.attributes = attributes
    }

    private enum CodingKeys: String, CodingKey {
        case distinctId, email, name, attributes
    }

    /// Decodes the JSON form; `attributes` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distinctId = try container.decode(String.self, forKey: .distinctId)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        attributes = try container.decodeIfPresent([String: JSONValue].self, forKey: .attributes) ?? [:]
    }
}
