import Foundation

/// How the bodies of generated identifiers are made and recognised.
public enum IdentifierBody {
    /// A random UUID in lower-case 8-4-4-4-12 form.
    public static func randomUUID() -> String { UUID().lowercasedText }

    /// A random UUID as 32 lower-case hex digits.
    public static func randomHex32() -> String {
        String(UUID().lowercasedText.unicodeScalars.filter { $0 != "-" })
    }

    /// Whether `body` is a UUID in 8-4-4-4-12 form (hex digits of either case).
    public static func isUUID(_ body: Substring.UTF8View) -> Bool {
        guard body.count == 36 else { return false }
        for (offset, byte) in body.enumerated() {
            switch offset {
            case 8, 13, 18, 23:
                if byte != UInt8(ascii: "-") { return false }
            default:
                if !isHexDigit(byte, allowUpperCase: true) { return false }
            }
        }
        return true
    }

    /// Whether `body` is exactly 32 lower-case hex digits.
    public static func isHex32(_ body: Substring.UTF8View) -> Bool {
        body.count == 32 && body.allSatisfy { isHexDigit($0, allowUpperCase: false) }
    }

    /// The body of `value` after `prefix` (compared byte by byte), if `value` starts with it.
    public static func body(of value: String, after prefix: String) -> Substring.UTF8View? {
        guard TextChecks.hasPrefix(value, prefix) else { return nil }
        let start = value.utf8.index(value.utf8.startIndex, offsetBy: prefix.utf8.count)
        return Substring(value)[start...].utf8
    }

    static func isHexDigit(_ byte: UInt8, allowUpperCase: Bool) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (allowUpperCase && (0x41...0x46).contains(byte))
    }
}
