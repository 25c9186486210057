extension PatternParser {
    /// Reads the escape at `position` (a backslash and one character) as the scalar it stands for.
    ///
    /// Supported: a backslash before a character that has a meaning in a pattern (`^ $ \ . * + ?
    /// ( ) [ ] { } |`, and `/`; inside a class also `-`), which stands for that character, and
    /// `\n`, `\t`, `\r`, `\f`: the escapes ECMA-262 accepts in its Unicode mode, where OpenAPI
    /// validators compile the exported pattern. A backslash before other punctuation is refused
    /// (that mode rejects it); Unicode-aware shorthands and every other escape are refused too.
    mutating func parseEscape(inClass: Bool) throws(PatternError) -> Unicode.Scalar {
        let start = column
        position += 1
        guard let escaped = peek() else { throw .unfinishedEscape(at: start) }
        position += 1
        if escaped.unicodeScalars.count == 1, let scalar = escaped.unicodeScalars.first,
            Self.isASCIIPunctuationOrSpace(scalar)
        {
            guard Self.syntaxCharacters.contains(scalar) || inClass && scalar == "-" else {
                throw .needlessEscape(escaped, at: start)
            }
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

    /// The characters a backslash may stand before anywhere in a pattern: ECMA-262's syntax
    /// characters and `/` (its identity escapes in Unicode mode), and so the characters an
    /// exported pattern escapes to match them literally.
    static let syntaxCharacters: Set<Unicode.Scalar> = [
        "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/",
    ]

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
