/// Writes the document as indented JSON text: two spaces per level, one member or item per
/// line, members in the order they were built, empty objects and arrays as `{}` and `[]`, and a
/// final newline. The same document always gives the same bytes.
enum OpenAPIJSONWriter {
    /// The text of `value`.
    static func text(_ value: JSONLiteral) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out + "\n"
    }

    private static func write(_ value: JSONLiteral, indent: String, into out: inout String) {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + JSONLiteral.quote(member.name) + ": "
                write(member.value, indent: inner, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            out += value.jsonText
        }
    }
}
