/// Character classes of HTTP/1.1 (RFC 9110 / 9112).
enum HTTPSyntax {
    /// Whether `byte` may appear in a token (method, header name).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Whether `text` is a non-empty token.
    static func isToken(_ text: some Collection<UInt8>) -> Bool {
        !text.isEmpty && text.allSatisfy(isTokenByte)
    }

    /// Whether `byte` may appear in a field value: visible characters, space, tab and obs-text.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    /// Whether `byte` may appear in a request target: visible ASCII except `#`.
    static func isTargetByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#")
    }
}
