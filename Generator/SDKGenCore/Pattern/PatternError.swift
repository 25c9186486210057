/// Why a validation pattern cannot be compiled into character checks.
///
/// `message` is one sentence for a person, naming the offending construct and its column, with a
/// suggestion where one is known; `column` is the same position for tools.
public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, including the column, e.g.
    /// `unsupported construct '(?=' (lookahead) at column 5; supported: ...`.
    public var message: String
    /// The 0-based offset of the offending construct within the pattern, counted in Unicode
    /// scalars (the same unit as libyaml's columns; equal to the UTF-8 column for ASCII patterns).
    public var column: Int

    /// An error at `column` described by `message`.
    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// The message.
    public var description: String { message }
}
