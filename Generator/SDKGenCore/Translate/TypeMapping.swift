/// The Swift type of each spec type.
enum TypeMapping {
    /// The Swift type for `reference`.
    static func swiftType(_ reference: TypeReference) -> SwiftType {
        switch reference {
        case .string: .string
        case .integer: .int
        case .number: .double
        case .boolean: .bool
        case .date: .foundation("Date")
        case .json: .runtime("JSONValue")
        case .named(let name): .local(SwiftNaming.typeName(name))
        case .list(let element): .array(swiftType(element))
        case .map(let value): .dictionary(.string, swiftType(value))
        case .optional(let wrapped): .optional(swiftType(wrapped))
        }
    }
}
