/// Distinct IDs whose writes the emulator refuses with `409 PERSON_WRITE_REJECTED`.
///
/// In JSON each set is an array in sorted order; a missing member is an empty set.
public struct VoidhashRejections: Codable, Sendable, Hashable {
    /// External user IDs that identify refuses.
    public var userIds: Set<String>
    /// Distinct IDs (as sent, or the user they are linked to) that setPersonAttributes refuses.
    public var attributeDistinctIds: Set<String>
    /// Distinct IDs (as sent, or the user they are linked to) that recordPurchase refuses.
    public var purchaseDistinctIds: Set<String>

    /// Rejections with every part spelled out; all empty by default.
    public init(
        userIds: Set<String> = [], attributeDistinctIds: Set<String> = [], purchaseDistinctIds: Set<String> = []
    ) {
        self.userIds = userIds
        self.attributeDistinctIds = attributeDistinctIds
        self.purchaseDistinctIds = purchaseDistinctIds
    }

    /// Adds every ID of `other`.
    public mutating func formUnion(_ other: VoidhashRejections) {
        userIds.formUnion(other.userIds)
        attributeDistinctIds.formUnion(other.attributeDistinctIds)
        purchaseDistinctIds.formUnion(other.purchaseDistinctIds)
    }

    private enum CodingKeys: String, CodingKey {
        case userIds, attributeDistinctIds, purchaseDistinctIds
    }

    /// Decodes the JSON form; missing members are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userIds = try container.decodeIfPresent(Set<String>.self, forKey: .userIds) ?? []
        attributeDistinctIds = try container.decodeIfPresent(Set<String>.self, forKey: .attributeDistinctIds) ?? []
        purchaseDistinctIds = try container.decodeIfPresent(Set<String>.self, forKey: .purchaseDistinctIds) ?? []
    }

    /// Encodes each set as a sorted array, so the JSON is the same on every run.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userIds.sorted(), forKey: .userIds)
        try container.encode(attributeDistinctIds.sorted(), forKey: .attributeDistinctIds)
        try container.encode(purchaseDistinctIds.sorted(), forKey: .purchaseDistinctIds)
    }
}
