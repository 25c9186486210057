/// Writes Swift string literals: printable text as it is, everything else escaped, so that a
/// generated file never holds an invisible or ambiguous character.
enum SwiftStringLiteral {
    /// `"text"` with escapes.
    static func render(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var literal = "\""
        for scalar in text.unicodeScalars { append(scalar, quote: "\\\"", to: &literal) }
        return literal + "\""
    }

    /// The content lines of a multi-line literal (between its delimiter lines) that holds exactly
    /// `text`: each line at most `width` columns, ending after a comma or space where one is near
    /// the end, and each but the last ending in a line continuation (`\`), so no line break
    /// enters the string. A quote is written as it is, but the third of three in a row is
    /// escaped, so that none closes the literal.
    static func multilineContent(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var pieces: [String] = []
        // The pieces' characters counted one piece at a time: never fewer than the line's (joined
        // pieces can only merge characters, as a flag's two scalars do), so the line is counted
        // as a whole only once this says it may be full.
        var atLeastLineCount = 0
        var quotesInRow = 0
        for var piece in escapedScalars(text, quote: "\"") {
            quotesInRow = piece == "\"" ? quotesInRow + 1 : 0
            if quotesInRow == 3 {
                piece = "\\\""
                quotesInRow = 0
            }
            pieces.append(piece)
            atLeastLineCount += piece.count
            guard pieces.count > 1, atLeastLineCount > width - 1, pieces.joined().count > width - 1 else { continue }
            // Full: the line ends after its last comma or space in its second half, else before `piece`.
            let cut =
                pieces.indices.dropLast().last { $0 >= pieces.count / 2 && (pieces[$0] == "," || pieces[$0] == " ") }
                .map { $0 + 1 } ?? pieces.count - 1
            lines.append(pieces[..<cut].joined() + "\\")
            pieces.removeFirst(cut)
            atLeastLineCount = pieces.reduce(0) { $0 + $1.count }
        }
        return lines + [pieces.joined()]
    }

    /// Each scalar of `text` as it is written in a literal: printable ones as they are (a quote as
    /// `quote`), the others escaped.
    private static func escapedScalars(_ text: String, quote: String) -> [String] {
        text.unicodeScalars.map { scalar in
            var piece = ""
            append(scalar, quote: quote, to: &piece)
            return piece
        }
    }

    /// Appends `scalar` as it is written in a literal (see `escapedScalars`).
    private static func append(_ scalar: Unicode.Scalar, quote: String, to literal: inout String) {
        switch scalar {
        case "\\": literal += "\\\\"
        case "\"": literal += quote
        default:
            if isPlainlyVisible(scalar) {
                literal.unicodeScalars.append(scalar)
            } else {
                literal += escape(scalar)
            }
        }
    }

    /// `scalar` as an escape: `\n`, `\r`, `\t`, `\0`, or `\u{HEX}` for any other.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\0": "\\0"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
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
