/// Writes the document as indented JSON text: two spaces per level, one member or item per
/// line, members in the order they were built, empty objects and arrays as `{}` and `[]`, and a
/// final newline. The same document always gives the same bytes.
enum OpenAPIJSONWriter {
    /// The text of `value`.
    static func text(_ value: JSONLiteral) -> String {
        var out = ""
        write(value, depth: 0, into: &out)
        out += "\n"
        return out
    }

    /// Appends `value` at nesting `depth`; every piece goes straight into `out` (a document of
    /// thousands of schemas is millions of small pieces).
    private static func write(_ value: JSONLiteral, depth: Int, into out: inout String) {
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                indent(depth + 1, into: &out)
                write(item, depth: depth + 1, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            indent(depth, into: &out)
            out += "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, member) in members.enumerated() {
                indent(depth + 1, into: &out)
                out += JSONLiteral.quote(member.name)
                out += ": "
                write(member.value, depth: depth + 1, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            indent(depth, into: &out)
            out += "}"
        default:
            out += value.jsonText
        }
    }

    private static func indent(_ depth: Int, into out: inout String) {
        for _ in 0..<depth { out += "  " }
    }
}
