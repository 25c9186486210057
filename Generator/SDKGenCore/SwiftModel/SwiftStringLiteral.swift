/// Writes Swift string literals: printable text as it is, everything else escaped, so that a
/// generated file never holds an invisible or ambiguous character.
enum SwiftStringLiteral {
    /// `"text"` with escapes.
    static func render(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if isPlainlyVisible(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
        }
        return out + "\""
    }

    /// Printable ASCII, and letters, marks, numbers, punctuation and symbols beyond it.
    static func isPlainlyVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
            .spaceSeparator, .nonspacingMark, .enclosingMark, .spacingMark:
            return false
        default:
            return true
        }
    }
}
