/// A declaration of the generated code.
public indirect enum SwiftDeclaration: Hashable, Sendable {
    /// A struct, enum or extension with members.
    case type(SwiftTypeDeclaration)
    /// A function or initializer.
    case function(SwiftFunction)
    /// A stored or computed property.
    case property(SwiftProperty)
    /// An enum case.
    case enumCase(SwiftEnumCase)
    /// `typealias Name = Type`.
    case typeAlias(doc: [String], access: SwiftAccess, name: String, type: SwiftType)
}

/// Who may see a declaration.
public enum SwiftAccess: String, Hashable, Sendable {
    /// `public`.
    case `public`
    /// `internal` (written as nothing).
    case `internal`
    /// `private`.
    case `private`
}

/// A struct, enum or extension.
public struct SwiftTypeDeclaration: Hashable, Sendable {
    /// Which kind of type declaration.
    public enum Kind: String, Hashable, Sendable {
        /// `struct`.
        case structure = "struct"
        /// `enum`.
        case enumeration = "enum"
        /// `extension`.
        case `extension`
    }
    /// Doc comment lines.
    public var doc: [String]
    /// Attributes such as `@Suite("...")`, each a macro or attribute expression.
    public var attributes: [SwiftAttribute]
    /// Access.
    public var access: SwiftAccess
    /// The kind.
    public var kind: Kind
    /// The name (or extended type).
    public var name: String
    /// Conformances.
    public var conformances: [SwiftType]
    /// Members in order.
    public var members: [SwiftDeclaration]

    /// A type declaration.
    public init(
        doc: [String], attributes: [SwiftAttribute] = [], access: SwiftAccess = .public, kind: Kind, name: String,
        conformances: [SwiftType] = [], members: [SwiftDeclaration]
    ) {
        self.doc = doc
        self.attributes = attributes
        self.access = access
        self.kind = kind
        self.name = name
        self.conformances = conformances
        self.members = members
    }
}

/// An attribute: `@name` or `@name(arguments)`.
public struct SwiftAttribute: Hashable, Sendable {
    /// The attribute name without `@`.
    public var name: String
    /// Arguments, if any (rendered in parentheses).
    public var arguments: [SwiftArgument]?

    /// An attribute.
    public init(_ name: String, _ arguments: [SwiftArgument]? = nil) {
        self.name = name
        self.arguments = arguments
    }
}

/// A function or initializer.
public struct SwiftFunction: Hashable, Sendable {
    /// One parameter.
    public struct Parameter: Hashable, Sendable {
        /// The argument label (`_` for none), or `nil` when it is the same as the name.
        public var label: String?
        /// The parameter name.
        public var name: String
        /// The type.
        public var type: SwiftType
        /// A default value, if any.
        public var defaultValue: SwiftExpression?
        /// Whether it is passed `inout`.
        public var isInout: Bool

        /// A parameter.
        public init(
            label: String? = nil, _ name: String, _ type: SwiftType, default defaultValue: SwiftExpression? = nil,
            isInout: Bool = false
        ) {
            self.label = label
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.isInout = isInout
        }
    }
    /// Doc comment lines.
    public var doc: [String]
    /// Attributes.
    public var attributes: [SwiftAttribute]
    /// Access.
    public var access: SwiftAccess
    /// Whether it is `static`.
    public var isStatic: Bool
    /// The name; `init` for an initializer.
    public var name: String
    /// Parameters.
    public var parameters: [Parameter]
    /// Whether it is `async`.
    public var isAsync: Bool
    /// `nil` for a non-throwing function; `.some(nil)` for `throws`; `.some(type)` for typed throws.
    public var throwsType: SwiftType??
    /// The result type, if not `Void`.
    public var returnType: SwiftType?
    /// The body.
    public var body: [SwiftStatement]

    /// A function.
    public init(
        doc: [String], attributes: [SwiftAttribute] = [], access: SwiftAccess = .public, isStatic: Bool = false,
        name: String, parameters: [Parameter] = [], isAsync: Bool = false, throwsType: SwiftType?? = nil,
        returnType: SwiftType? = nil, body: [SwiftStatement]
    ) {
        self.doc = doc
        self.attributes = attributes
        self.access = access
        self.isStatic = isStatic
        self.name = name
        self.parameters = parameters
        self.isAsync = isAsync
        self.throwsType = throwsType
        self.returnType = returnType
        self.body = body
    }
}

/// A stored or computed property.
public struct SwiftProperty: Hashable, Sendable {
    /// Doc comment lines.
    public var doc: [String]
    /// Attributes, each on a line of its own (a property wrapper, for example).
    public var attributes: [SwiftAttribute]
    /// Access.
    public var access: SwiftAccess
    /// Whether it is `static`.
    public var isStatic: Bool
    /// Whether it is `var` (stored) rather than `let`; computed properties are always `var`.
    public var isMutable: Bool
    /// The name.
    public var name: String
    /// The type.
    public var type: SwiftType
    /// The initial value of a stored property.
    public var value: SwiftExpression?
    /// The getter of a computed property.
    public var getter: [SwiftStatement]?

    /// A property.
    public init(
        doc: [String], attributes: [SwiftAttribute] = [], access: SwiftAccess = .public, isStatic: Bool = false,
        isMutable: Bool = false, name: String, type: SwiftType, value: SwiftExpression? = nil,
        getter: [SwiftStatement]? = nil
    ) {
        self.doc = doc
        self.attributes = attributes
        self.access = access
        self.isStatic = isStatic
        self.isMutable = isMutable
        self.name = name
        self.type = type
        self.value = value
        self.getter = getter
    }
}

/// An enum case, with associated values if any.
public struct SwiftEnumCase: Hashable, Sendable {
    /// Doc comment lines.
    public var doc: [String]
    /// The case name.
    public var name: String
    /// Associated value types.
    public var associatedValues: [SwiftType]
    /// The raw value, for enums with raw values.
    public var rawValue: SwiftExpression?

    /// A case.
    public init(doc: [String], name: String, associatedValues: [SwiftType] = [], rawValue: SwiftExpression? = nil) {
        self.doc = doc
        self.name = name
        self.associatedValues = associatedValues
        self.rawValue = rawValue
    }
}

/// A whole generated file.
public struct SwiftFile: Hashable, Sendable {
    /// The path below the module's folder, such as `Models/Person.swift`.
    public var path: String
    /// The spec file it was generated from (named in the header).
    public var specFile: String
    /// Modules imported, in order.
    public var imports: [String]
    /// Top-level declarations.
    public var declarations: [SwiftDeclaration]
    /// The type names written with their module in this file, if any.
    public var qualification: TypeQualification?

    /// A file.
    public init(
        path: String, specFile: String, imports: [String], declarations: [SwiftDeclaration],
        qualification: TypeQualification? = nil
    ) {
        self.path = path
        self.specFile = specFile
        self.imports = imports
        self.declarations = declarations
        self.qualification = qualification
    }
}
