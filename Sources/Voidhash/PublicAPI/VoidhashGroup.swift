/// One group of the user for `Voidhash.setGroups(_:)`: the group's ID and, optionally, its
/// properties. A string literal is a group with that ID and no properties:
///
/// ```swift
/// await voidhash.setGroups([
///     "company": VoidhashGroup(id: "acme", properties: ["name": .string("Acme")]),
///     "team": "acme-design",
/// ])
/// ```
public struct VoidhashGroup: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The app's own ID of the group (its key), within the lengths of ``/VoidhashAPI/GroupKeyRule``.
    public var id: String
    /// The group's properties: the kinds of value ``/VoidhashAPI/GroupPropertyValueRule`` allows (other values
    /// are left out with a warning); `name` is the name Studio shows.
    public var properties: [String: JSONValue]

    /// A group with `id` and `properties`.
    public init(id: String, properties: [String: JSONValue] = [:]) {
        self.id = id
        self.properties = properties
    }

    /// A group with the literal as its ID and no properties.
    public init(stringLiteral id: String) {
        self.init(id: id)
    }
}
