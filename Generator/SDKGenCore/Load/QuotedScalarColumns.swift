/// Where a position inside a scalar's value is written in the source line, so that an error
/// inside a value (a pattern's column) points at the right character even after escapes:
/// `"\\."` is one character written as two, `'it''s'` writes one quote as two.
enum QuotedScalarColumns {
    /// The 1-based source column of the Unicode scalar at `offset` (0-based) of `value`, the
    /// value of the scalar that starts at `column` of `line` (`quoted`: in any style but plain),
    /// or `nil` when the line does not show it: the value goes on past the line, is a block
    /// scalar (`|`, `>`), or the line does not hold it there.
    static func column(
        ofOffset offset: Int, in value: String, quoted: Bool, startingAt column: Int, line: Substring
    ) -> Int? {
        let written = Array(line.unicodeScalars)
        guard offset >= 0, column >= 1, column <= written.count else { return nil }
        guard quoted else {
            let shown = written[(column - 1)...].prefix(offset + 1)
            return shown.elementsEqual(value.unicodeScalars.prefix(offset + 1)) && shown.count == offset + 1
                ? column + offset : nil
        }
        let quote = written[column - 1]
        guard quote == "\"" || quote == "'" else { return nil }
        var position = column
        var remaining = offset
        while position < written.count {
            let character = written[position]
            if character == quote {
                guard quote == "'", position + 1 < written.count, written[position + 1] == "'" else {
                    return remaining == 0 ? position + 1 : nil
                }
            }
            if remaining == 0 { return position + 1 }
            position += width(of: character, after: position, in: written, quote: quote)
            remaining -= 1
        }
        return nil
    }

    /// How many source scalars the value's scalar at `position` takes.
    private static func width(
        of character: Unicode.Scalar, after position: Int, in written: [Unicode.Scalar], quote: Unicode.Scalar
    ) -> Int {
        if quote == "'" { return character == "'" ? 2 : 1 }
        guard character == "\\", position + 1 < written.count else { return 1 }
        switch written[position + 1] {
        case "x": return 4
        case "u": return 6
        case "U": return 10
        default: return 2
        }
    }
}
