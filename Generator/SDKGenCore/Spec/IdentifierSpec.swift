/// An identifier format: a fixed prefix and a body made one of a few known ways.
public struct IdentifierSpec: Hashable, Sendable {
    /// How the body after the prefix is made.
    public enum Body: Hashable, Sendable {
        /// A random UUID in its lower-case 8-4-4-4-12 form.
        case uuid
        /// A random UUID as 32 lower-case hex digits.
        case uuidHex32
        /// The first 32 lower-case hex digits of the unsalted SHA-256 of an input string.
        case sha256Hex32(input: String)
    }
    /// The identifier's name (`anonymousDistinctId`).
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
    /// What it identifies.
    public var doc: String
    /// The prefix new identifiers get.
    public var prefix: String
    /// Further prefixes that also mark this kind of identifier when recognising one.
    public var alsoRecognizedPrefixes: [String]
    /// How the body is made.
    public var body: Body
    /// Values that must be recognised.
    public var validExamples: [LocatedString]
    /// Values that must not be recognised.
    public var invalidExamples: [LocatedString]
    /// For derived identifiers: inputs and the identifier they must give.
    public var derivations: [Derivation]

    /// An input and the identifier derived from it.
    public struct Derivation: Hashable, Sendable {
        /// The input (for example an app user ID).
        public var input: String
        /// The identifier it must give.
        public var output: String
        /// Where the example is written.
        public var location: SourceLocation
    }
}

/// A string and where it was written.
public struct LocatedString: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Where it is written.
    public var location: SourceLocation
}
