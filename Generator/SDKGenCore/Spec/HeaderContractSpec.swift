/// The request headers every request carries, built from named inputs.
public struct HeaderContractSpec: Hashable, Sendable {
    /// A value the header builder is given.
    public struct Input: Hashable, Sendable {
        /// The kinds of input.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// A string that is always there.
            case string
            /// A string that may be absent.
            case optionalString = "string?"
            /// A boolean, sent as `true` or `false`.
            case boolean
            /// A list of strings.
            case stringList = "[string]"
        }
        /// The input's name.
        public var name: String
        /// Its kind.
        public var kind: Kind
        /// What it holds.
        public var doc: String
        /// Where it is declared.
        public var location: SourceLocation
    }
    /// One header field.
    public struct Field: Hashable, Sendable {
        /// The header name, exactly as sent.
        public var name: String
        /// The input it comes from.
        public var input: String
        /// Text around the value, with `{value}` where the value goes.
        public var template: String
        /// For lists: the most items sent.
        public var maxItems: Int?
        /// For lists: what joins the items.
        public var separator: String
        /// What the value is, in words (the docs' table).
        public var doc: String
        /// Where it is declared.
        public var location: SourceLocation
    }
    /// An example: inputs and the exact headers they give.
    public struct Example: Hashable, Sendable {
        /// Input values by name (strings, booleans, lists, or null for absent).
        public var inputs: [JSONMember]
        /// Headers that must be present, with their values.
        public var expected: [JSONMember]
        /// Headers that must be absent.
        public var absent: [String]
        /// Where the example is written.
        public var location: SourceLocation
    }
    /// Where the contract is declared.
    public var location: SourceLocation
    /// The inputs.
    public var inputs: [Input]
    /// The fields, in the order they are sent.
    public var fields: [Field]
    /// Examples.
    public var examples: [Example]
}
