extension PatternParser {
    /// Reads the escape at `position` (a backslash and one character) as the scalar it stands for.
    ///
    /// Supported: a backslash before any ASCII punctuation or space (the character itself), and
    /// `\n`, `\t`, `\r`, `\f`. Unicode-aware shorthands and every other escape are refused.
    mutating func parseEscape() throws(PatternError) -> Unicode.Scalar {
        let start = column
        position += 1
        guard let escaped = peek() else { throw .unfinishedEscape(at: start) }
        position += 1
        if escaped.unicodeScalars.count == 1, let scalar = escaped.unicodeScalars.first,
            Self.isASCIIPunctuationOrSpace(scalar)
        {
            return scalar
        }
        switch escaped {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "d", "w", "s": throw .unicodeShorthand(escaped, at: start)
        default: throw .unsupported("\\\(escaped)", Self.escapeName(escaped), at: start)
        }
    }

    /// What an unsupported escape means in Swift Regex, for the error message.
    private static func escapeName(_ escaped: Character) -> String {
        switch escaped {
        case "b", "B": "word boundary"
        case "A", "z", "Z", "G": "input anchor; use ^ and $"
        case "p", "P": "Unicode property"
        case "k", "g", "1", "2", "3", "4", "5", "6", "7", "8", "9": "backreference"
        case "0", "o": "octal escape"
        case "x", "u", "U": "scalar escape; write the character itself"
        case "D", "W", "S": "negated Unicode shorthand"
        case "h", "H": "horizontal space class"
        case "v", "V": "vertical space class"
        case "N": "named character or non-newline"
        case "R": "newline sequence"
        case "X": "grapheme cluster"
        case "O": "any scalar"
        case "y", "Y": "grapheme boundary"
        case "K": "match reset"
        case "Q", "E": "quoted sequence"
        case "c", "a", "e": "control escape"
        default: "unknown escape"
        }
    }
}
