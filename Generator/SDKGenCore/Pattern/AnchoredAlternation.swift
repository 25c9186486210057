/// The fix for a pattern whose top-level `|` splits its anchors (`^a|b$`, `^a$|^b$`): the same
/// alternatives in one group, anchored once, as the pattern was anchored.
enum AnchoredAlternation {
    /// `pattern` with its top-level alternatives grouped: `^ab|cd$` becomes `^(?:ab|cd)$`,
    /// `^a$|^b$` becomes `^(?:a|b)$`, and `^x|y` becomes `^(?:x|y)`.
    static func grouped(_ pattern: [Character]) -> String {
        var alternatives: [[Character]] = [[]]
        var depth = 0
        var inClass = false
        var escaped = false
        for character in pattern {
            defer { escaped = !escaped && character == "\\" }
            if !escaped {
                if inClass {
                    inClass = character != "]"
                } else if character == "[" {
                    inClass = true
                } else if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth -= 1
                } else if character == "|", depth == 0 {
                    alternatives.append([])
                    continue
                }
            }
            alternatives[alternatives.count - 1].append(character)
        }
        var startAnchored = false
        var endAnchored = false
        let bodies = alternatives.map { alternative in
            var body = alternative[...]
            if body.first == "^" {
                startAnchored = true
                body = body.dropFirst()
            }
            if body.last == "$", !endsInEscape(body.dropLast()) {
                endAnchored = true
                body = body.dropLast()
            }
            return String(body)
        }
        return (startAnchored ? "^" : "") + "(?:" + bodies.joined(separator: "|") + ")" + (endAnchored ? "$" : "")
    }

    /// Whether `text` ends in an odd number of backslashes, which escape what follows it.
    private static func endsInEscape(_ text: ArraySlice<Character>) -> Bool {
        text.reversed().prefix { $0 == "\\" }.count % 2 == 1
    }
}
