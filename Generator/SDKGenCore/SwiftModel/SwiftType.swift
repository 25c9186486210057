/// A Swift type as the generated code writes it.
public indirect enum SwiftType: Hashable, Sendable {
    /// A named type, qualified by module where needed: `["Swift", "String"]`.
    case named([String])
    /// `[Element]`.
    case array(SwiftType)
    /// `[Key: Value]`.
    case dictionary(SwiftType, SwiftType)
    /// `Wrapped?`.
    case optional(SwiftType)
    /// A generic type with its arguments: `Swift.Set<Element>`.
    case generic([String], [SwiftType])
    /// `(A, B)`.
    case tuple([SwiftType])
    /// `any Protocol`.
    case existential(SwiftType)

    /// A type from the standard library, qualified so that generated names cannot shadow it.
    public static func swift(_ name: String) -> SwiftType { .named(["Swift", name]) }
    /// A type from Foundation, qualified.
    public static func foundation(_ name: String) -> SwiftType { .named(["Foundation", name]) }
    /// A type from the runtime library, qualified.
    public static func runtime(_ name: String) -> SwiftType { .named(["SDKRuntime", name]) }
    /// A type declared by the generated code itself.
    public static func local(_ name: String) -> SwiftType { .named([name]) }

    /// `Swift.String`.
    public static let string = swift("String")
    /// `Swift.Int`.
    public static let int = swift("Int")
    /// `Swift.Bool`.
    public static let bool = swift("Bool")
    /// `Swift.Double`.
    public static let double = swift("Double")
}
