/// A whole spec file after loading: everything a client of one API must obey.
public struct Spec: Hashable, Sendable {
    /// The spec file as named on the command line or found in `Spec/`.
    public var file: String
    /// The API's name (`Voidhash`), which names the generated modules (`VoidhashAPI`).
    public var name: String
    /// A human title.
    public var title: String
    /// The contract's version.
    public var version: String
    /// What the API is for.
    public var doc: String
    /// The emulator type in `SDKEmulator` that serves this API, if any; operation examples are
    /// then checked against it over loopback HTTP.
    public var emulator: String?
    /// Named numbers of the contract.
    public var constants: [ConstantSpec]
    /// Validation rules.
    public var rules: [RuleSpec]
    /// Identifier formats.
    public var identifiers: [IdentifierSpec]
    /// Enumerations.
    public var enums: [EnumSpec]
    /// Data models.
    public var models: [ModelSpec]
    /// Error codes a response may carry.
    public var errors: [ErrorCodeSpec]
    /// The request-header contract, when the API has one.
    public var headers: HeaderContractSpec?
    /// Operations.
    public var operations: [OperationSpec]
    /// Where the API's name is written.
    public var nameLocation: SourceLocation

    /// A spec with every part given (the name written on the file's first line unless
    /// `nameLocation` says where).
    public init(
        file: String, name: String, title: String, version: String, doc: String, emulator: String?,
        constants: [ConstantSpec], rules: [RuleSpec], identifiers: [IdentifierSpec], enums: [EnumSpec],
        models: [ModelSpec], errors: [ErrorCodeSpec], headers: HeaderContractSpec?,
        operations: [OperationSpec], nameLocation: SourceLocation? = nil
    ) {
        self.file = file
        self.nameLocation = nameLocation ?? SourceLocation(file: file, line: 1, column: 1)
        self.name = name
        self.title = title
        self.version = version
        self.doc = doc
        self.emulator = emulator
        self.constants = constants
        self.rules = rules
        self.identifiers = identifiers
        self.enums = enums
        self.models = models
        self.errors = errors
        self.headers = headers
        self.operations = operations
    }
}

/// A named number of the contract (a wait, an age, a count).
public struct ConstantSpec: Hashable, Sendable {
    /// The kinds of constant.
    public enum Value: Hashable, Sendable {
        /// A duration in milliseconds (`2s`, `500ms`, `5m`, `2d` in the spec).
        case durationMilliseconds(Int64)
        /// A whole number.
        case integer(Int)
        /// A string.
        case string(String)
    }
    /// The spec's name for it.
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
    /// What it means.
    public var doc: String
    /// The value.
    public var value: Value
}

/// A declared enumeration: its wire values, each with an optional doc.
public struct EnumSpec: Hashable, Sendable {
    /// One wire value.
    public struct Case: Hashable, Sendable {
        /// The value on the wire.
        public var value: String
        /// The name its Swift case is made from, when the spec gives one (`{value, name}`), for
        /// values that would otherwise make the same case (`high` and `HIGH`).
        public var name: String? = nil
        /// What it means.
        public var doc: String
        /// Where it is written.
        public var location: SourceLocation

        /// What its Swift case name is made from: `name`, else the value.
        public var nameSource: String { name ?? value }
    }
    /// The type name.
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
    /// What it is.
    public var doc: String
    /// The known values, in spec order.
    public var cases: [Case]
}

/// A data model: a JSON object with typed members.
public struct ModelSpec: Hashable, Sendable {
    /// One member.
    public struct Property: Hashable, Sendable {
        /// The spec's name, which becomes the Swift name.
        public var name: String
        /// The JSON member name (defaults to `name`).
        public var wireName: String
        /// The type.
        public var type: TypeReference
        /// What it holds.
        public var doc: String
        /// Where it is declared.
        public var location: SourceLocation
        /// The string rule its value (each element, for a list) must pass, if any: a rule of
        /// `rules`, or the one its inline `pattern`/`length` made (see `inlineRules`).
        public var rule: String? = nil
    }
    /// The type name.
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
    /// What it is.
    public var doc: String
    /// Members in spec order.
    public var properties: [Property]
    /// JSON examples that must decode and encode back.
    public var examples: [LocatedJSON]
    /// The string rules written inline on its properties (`pattern`, `length`), named
    /// `<Model><Property>`; the loader adds them to the spec's rules.
    public var inlineRules: [RuleSpec] = []
}

/// A JSON literal and where it was written.
public struct LocatedJSON: Hashable, Sendable {
    /// The value.
    public var value: JSONLiteral
    /// Where it starts.
    public var location: SourceLocation
}

/// An error code of the API and how a client must treat it.
public struct ErrorCodeSpec: Hashable, Sendable {
    /// How a client treats the error.
    public enum Category: String, Hashable, Sendable, CaseIterable {
        /// Refused for good.
        case rejected
        /// The key was refused.
        case authenticationFailed
        /// Worth trying again.
        case retryable
    }
    /// The code (`INVALID_ARGUMENT`).
    public var code: String
    /// The HTTP status that carries it.
    public var status: Int
    /// How a client treats it.
    public var category: Category
    /// What it means.
    public var doc: String
    /// Where it is declared.
    public var location: SourceLocation
}
