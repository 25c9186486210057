/// A command line that does not fit the command's options: the caller prints it with the usage
/// and exits with `exitCode`.
public struct CommandLineUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exit status for a usage error, `EX_USAGE` from BSD's `sysexits.h` (as Swift Argument
    /// Parser uses).
    public static let exitCode: Int32 = 64

    /// What was wrong, in a few words.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
