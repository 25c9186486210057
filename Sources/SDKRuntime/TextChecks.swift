/// The string checks generated validators are made of, written once here and tuned for the
/// common case of ASCII input (one pass over the UTF-8 bytes, no allocation).
public enum TextChecks {
    /// What a length limit counts.
    public enum LengthUnit: Sendable {
        /// User-perceived characters (`Character`, extended grapheme clusters).
        case characters
        /// Unicode scalars.
        case unicodeScalars
        /// UTF-8 bytes.
        case utf8Bytes
        /// UTF-16 code units.
        case utf16CodeUnits
    }

    /// Whether `value` has at least one character that is not whitespace (Unicode `White_Space`).
    @inlinable
    public static func containsNonWhitespace(_ value: String) -> Bool {
        for byte in value.utf8 {
            if byte >= 0x80 { return value.contains { !$0.isWhitespace } }
            if byte != 0x20 && !(0x09...0x0D).contains(byte) { return true }
        }
        return false
    }

    /// The length of `value` in `unit`.
    @inlinable
    public static func length(of value: String, in unit: LengthUnit) -> Int {
        switch unit {
        case .utf8Bytes: return value.utf8.count
        case .utf16CodeUnits: return value.utf16.count
        case .unicodeScalars: return value.unicodeScalars.count
        case .characters:
            var previousWasCarriageReturn = false
            for byte in value.utf8 {
                if byte >= 0x80 || (byte == 0x0A && previousWasCarriageReturn) { return value.count }
                previousWasCarriageReturn = byte == 0x0D
            }
            return value.utf8.count
        }
    }

    /// Whether `value` contains any of `scalars`.
    @inlinable
    public static func containsAny(of scalars: [Unicode.Scalar], in value: String) -> Bool {
        if scalars.allSatisfy(\.isASCII) {
            for byte in value.utf8 where byte < 0x80 {
                for scalar in scalars where scalar.value == UInt32(byte) { return true }
            }
            return false
        }
        return value.unicodeScalars.contains { scalars.contains($0) }
    }

    /// Whether `value` starts with `prefix`, compared scalar by scalar (not by characters, so a
    /// combining mark after the prefix cannot hide it).
    @inlinable
    public static func hasPrefix(_ value: String, _ prefix: String) -> Bool {
        value.utf8.starts(with: prefix.utf8)
    }
}
