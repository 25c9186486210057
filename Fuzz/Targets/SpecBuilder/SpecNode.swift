/// A YAML value the builder writes: JSON's kinds with mappings in the order they were built
/// (YAML reads JSON text, so the spec is written as JSON).
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
        switch self {
        case .string(let value): return Self.quoted(value)
        case .integer(let value): return String(value)
        case .number(let value): return value.isFinite ? String(value) : ".nan"
        case .boolean(let value): return value ? "true" : "false"
        case .null: return "null"
        case .list(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { Self.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    /// `value` as a double-quoted YAML string, every character that needs it escaped.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
