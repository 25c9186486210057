/// Builds the doc comment lines of generated declarations: the spec's own words, then where in
/// the spec the declaration came from.
enum DocComment {
    /// `text` wrapped to about 100 columns, then a blank line and the source remark.
    static func lines(_ text: String, from location: SourceLocation?, _ what: String? = nil) -> [String] {
        var lines = wrap(text)
        if let location {
            if !lines.isEmpty { lines.append("") }
            lines += remark(location, what)
        }
        return lines
    }

    /// `- Remark: Generated from FILE:LINE:COLUMN (what).`: on one line when it fits 120 columns
    /// as a member's doc comment (8 columns before the text), else wrapped as doc text is (a
    /// long spec path or name).
    static func remark(_ location: SourceLocation, _ what: String? = nil) -> [String] {
        let remark = "- Remark: Generated from \(location)" + (what.map { " (\($0))." } ?? ".")
        return remark.count <= 112 ? [remark] : wrap(remark)
    }

    /// Splits `text` into lines of at most about 100 characters at spaces.
    static func wrap(_ text: String) -> [String] {
        if isOneShortLine(text) { return [text] }
        var lines: [String] = []
        for paragraph in CodeWriter.lines(of: text) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                if !current.isEmpty, current.count + 1 + word.count > 100 {
                    lines.append(current)
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
            }
            if !current.isEmpty { lines.append(current) }
        }
        return lines
    }

    /// `text`, which quotes spec values (a pattern, an enum value) as they are, on lines of at
    /// most about 100 characters, broken only at spaces: its line breaks and runs of spaces are
    /// content, which the renderer escapes (`DocLineText`), not layout as in a spec's `doc`.
    static func wrapQuoting(_ text: String) -> [String] {
        guard text.utf8.count > 100 else { return [text] }
        var lines: [String] = []
        var current = ""
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if index > 0, !current.isEmpty, current.count + 1 + word.count > 100 {
                lines.append(current)
                current = String(word)
            } else {
                current += index == 0 ? String(word) : " " + word
            }
        }
        return lines + [current]
    }

    /// Whether wrapping would return `text` itself: at most 100 bytes (so at most 100
    /// characters), not empty, no line break, no space at either end and no two spaces in a row
    /// (the words are joined by single spaces).
    static func isOneShortLine(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, bytes.count <= 100,
            first != UInt8(ascii: " "), last != UInt8(ascii: " ")
        else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || (byte == UInt8(ascii: " ") && previous == byte)
            {
                return false
            }
            previous = byte
        }
        return true
    }
}
