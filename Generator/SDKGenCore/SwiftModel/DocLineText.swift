/// The text of one generated doc comment line, with every character that would end the
/// comment's line, or that a Swift source file may not hold, written as an escape.
///
/// A line of a doc comment can quote raw spec text: a pattern, an enum value, a wire name. A
/// line break in it (`\n`, `\r`, U+0085, U+2028, U+2029) would end the comment and leave the rest
/// of the line as code, and a NUL or another control character makes the compiler warn or
/// refuse the file. They are written as `\n`, `\r`, `\t` or `\u{85}`, which also shows the reader
/// what the spec holds. The escapes are those of string literals (`SwiftStringLiteral`).
enum DocLineText {
    /// `line` with those characters escaped; `line` itself when it holds none.
    static func visible(_ line: String) -> String {
        guard line.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return line }
        var out = ""
        for scalar in line.unicodeScalars {
            if needsEscape(scalar) {
                out += SwiftStringLiteral.escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Control characters (a tab among them), line and paragraph separators, and noncharacters.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isNoncharacterCodePoint
        }
    }
}
