/// A JSON value written in a spec (an example body, an example value), keeping member order so
/// that generated tests show it as the author wrote it.
public indirect enum JSONLiteral: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written (`3`, `2.5`, `-1e3`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONLiteral])
    /// An object with its members in file order.
    case object([JSONMember])

    /// Compact JSON text, deterministic: members in file order, minimal escaping.
    public var jsonText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): JSONLiteral.quote(text)
        case .array(let items): "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { JSONLiteral.quote($0.name) + ":" + $0.value.jsonText }.joined(separator: ",")
                + "}"
        }
    }

    /// A JSON string literal for `text`.
    static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the JSON string literal for `text` to `out` as UTF-8.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            out.append(UInt8(ascii: "\""))
            // Most strings need no escape: one pass over the bytes finds that (every byte of a
            // scalar past ASCII is 0x80 or more, so only ASCII bytes can need one).
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                out.append(contentsOf: bytes)
                out.append(UInt8(ascii: "\""))
                return
            }
            let hexDigits = Array("0123456789abcdef".utf8)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"): out += Array(#"\n"#.utf8)
                case UInt8(ascii: "\r"): out += Array(#"\r"#.utf8)
                case UInt8(ascii: "\t"): out += Array(#"\t"#.utf8)
                case ..<0x20: out += Array(#"\u00"#.utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
    }
}

/// One member of a JSON object literal.
public struct JSONMember: Hashable, Sendable {
    /// The member name.
    public var name: String
    /// The member value.
    public var value: JSONLiteral

    /// A member called `name` holding `value`.
    public init(name: String, value: JSONLiteral) {
        self.name = name
        self.value = value
    }
}
