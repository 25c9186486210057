/// A command line `EmulatorCommand.parse` could not understand.
public struct EmulatorUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, in a few words.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
