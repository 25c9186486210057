/// Writes the document as indented JSON text: two spaces per level, one member or item per
/// line, members in the order they were built, empty objects and arrays as `{}` and `[]`, and a
/// final newline. The same document always gives the same bytes.
enum OpenAPIJSONWriter {
    /// The text of `value`.
    static func text(_ value: JSONLiteral) -> String {
        var out: [UInt8] = []
        write(value, depth: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` at nesting `depth` as UTF-8; every piece goes straight into `out` (a
    /// document of thousands of schemas is millions of small pieces).
    private static func write(_ value: JSONLiteral, depth: Int, into out: inout [UInt8]) {
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n".utf8
            for (index, item) in items.enumerated() {
                indent(depth + 1, into: &out)
                write(item, depth: depth + 1, into: &out)
                out += (index == items.count - 1 ? "\n" : ",\n").utf8
            }
            indent(depth, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            out += "{\n".utf8
            for (index, member) in members.enumerated() {
                indent(depth + 1, into: &out)
                JSONLiteral.appendQuoted(member.name, to: &out)
                out += ": ".utf8
                write(member.value, depth: depth + 1, into: &out)
                out += (index == members.count - 1 ? "\n" : ",\n").utf8
            }
            indent(depth, into: &out)
            out.append(UInt8(ascii: "}"))
        case .string(let text):
            JSONLiteral.appendQuoted(text, to: &out)
        default:
            out += value.jsonText.utf8
        }
    }

    private static func indent(_ depth: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}
