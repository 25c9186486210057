/// The `os-release` file of Linux distributions (`/etc/os-release`): `KEY=value` lines, values
/// optionally quoted with `"` or `'`, `\` escaping inside double quotes, `#` comments.
enum OSRelease {
    /// The assignments in `text`; malformed lines are skipped.
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals])
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else { continue }
            values[key] = unquote(trimmed[trimmed.index(after: equals)...])
        }
        return values
    }

    /// A value without its quotes and escapes.
    private static func unquote(_ raw: Substring) -> String {
        let value = raw.trimmingSuffix { $0 == " " || $0 == "\t" }
        guard let quote = value.first, quote == "\"" || quote == "'" else { return String(value) }
        var result = ""
        var escaped = false
        for character in value.dropFirst() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" && quote == "\"" {
                escaped = true
            } else if character == quote {
                break
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension Substring {
    /// The substring without trailing characters that satisfy `predicate`.
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
