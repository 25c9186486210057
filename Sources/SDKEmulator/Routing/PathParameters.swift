/// The values of a matched route's placeholders, percent-decoded.
public struct PathParameters: Sendable, Hashable {
    /// Every value, by placeholder name.
    public let values: [String: String]

    /// Parameters with the given values.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of the placeholder `name`, or `nil` when the route has no such placeholder.
    public subscript(name: String) -> String? {
        values[name]
    }
}
