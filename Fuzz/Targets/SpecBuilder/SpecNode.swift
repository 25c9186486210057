import SDKGenCore

/// A YAML value the builder writes: JSON's kinds with mappings in the order they were built
/// (YAML reads JSON text, so the spec is written as the generator's own `JSONLiteral` writes
/// JSON).
enum SpecNode {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case null
    case list([SpecNode])
    case mapping([(String, SpecNode)])

    /// The JSON text.
    var text: String {
        literal.jsonText
    }

    /// The value as the generator's JSON literal.
    var literal: JSONLiteral {
        switch self {
        case .string(let value): .string(value)
        case .integer(let value): .number(String(value))
        case .number(let value): .number(String(value))
        case .boolean(let value): .bool(value)
        case .null: .null
        case .list(let items): .array(items.map(\.literal))
        case .mapping(let pairs): .object(pairs.map { JSONMember(name: $0.0, value: $0.1.literal) })
        }
    }
}
