import SDKRuntime

/// The user's groups, stored with the identity: the group of each type, and the properties last
/// sent in a `$groupidentify` for each of those groups.
struct GroupMembership: Codable, Sendable, Hashable {
    /// The properties sent for one group.
    struct Sent: Codable, Sendable, Hashable {
        /// The group's key.
        var key: String
        /// Every property sent for it, later values over earlier ones.
        var properties: [String: JSONValue]
    }

    /// The key of the user's group of each type.
    var current: [String: String] = [:]
    /// What was last sent for the group of each type (only types in `current`).
    var sent: [String: Sent] = [:]

    /// No groups.
    static let none = GroupMembership()

    /// Whether `setGroups` must send a `$groupidentify` for `key` of `type` with `properties`:
    /// when the group of that type changes, or when a property was not sent for this group yet
    /// or was sent with another value.
    func needsIdentify(type: String, key: String, properties: [String: JSONValue]) -> Bool {
        guard isCurrent(key, of: type), let sent = sent[type], TextChecks.isIdentical(sent.key, key) else {
            return true
        }
        return properties.contains { name, value in sent.properties[name] != value }
    }

    /// Notes that `properties` were sent for `key` of `type` (merged over what was sent for the
    /// same group before). Ignored when the user is no longer in that group.
    mutating func recordSent(type: String, key: String, properties: [String: JSONValue]) {
        guard isCurrent(key, of: type) else { return }
        if let previous = sent[type], TextChecks.isIdentical(previous.key, key) {
            sent[type] = Sent(key: key, properties: previous.properties.merging(properties) { $1 })
        } else {
            sent[type] = Sent(key: key, properties: properties)
        }
    }

    /// Whether `key` is the user's group of `type`, compared byte for byte (two keys Swift's `==`
    /// calls equal can name two groups, see `TextChecks.isIdentical`).
    func isCurrent(_ key: String, of type: String) -> Bool {
        current[type].map { TextChecks.isIdentical($0, key) } ?? false
    }

    /// Makes `groups` the user's groups, forgetting what was sent for types left.
    mutating func replace(with groups: [String: String]) {
        current = groups
        sent = sent.filter { groups[$0.key] != nil }
    }
}
