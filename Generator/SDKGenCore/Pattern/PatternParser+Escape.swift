extension PatternParser {
  /// Reads the escape at `position` (a backslash and one character) as the scalar it stands for.
  ///
  /// Supported: a backslash before any ASCII punctuation or space (the character itself), and
  /// `\n`, `\t`, `\r`, `\f`. Unicode-aware shorthands and every other escape are refused.
  mutating func parseEscape() throws(PatternError) -> Unicode.Scalar {
    let start = column
    position += 1
    guard let escaped = peek() else { throw .unfinishedEscape(at: start) }
    let scalars = escaped.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else {
      throw .combinedWithSyntax(at: column)
    }
    position += 1
    if Self.isEscapablePunctuation(scalar) { return scalar }
    switch escaped {
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "f": return "\u{0C}"
    case "d", "w", "s": throw .unicodeShorthand(escaped, at: start)
    default: throw .unsupported("\\\(escaped)", Self.escapeName(escaped), at: start)
    }
  }

  /// Whether `\` + `scalar` means the scalar itself: ASCII punctuation and space.
  private static func isEscapablePunctuation(_ scalar: Unicode.Scalar) -> Bool {
    guard (0x20...0x7E).contains(scalar.value) else { return false }
    return !Character(scalar).isLetter && !Character(scalar).isNumber
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
