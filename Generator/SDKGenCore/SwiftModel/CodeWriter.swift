/// Collects lines of text with the current indentation: the renderer's only output device.
struct CodeWriter {
    /// The text so far.
    private(set) var text = ""
    /// The current depth, four spaces a level.
    private var depth = 0

    /// Writes one line at the current depth (an empty line stays empty); text holding several
    /// lines, such as a multi-line closure, is indented line by line.
    mutating func line(_ content: String) {
        guard content.utf8.contains(UInt8(ascii: "\n")) else {
            if !content.isEmpty {
                for _ in 0..<depth { text += "    " }
                text += content
            }
            text += "\n"
            return
        }
        for part in content.split(separator: "\n", omittingEmptySubsequences: false) {
            line(String(part))
        }
    }

    /// Writes `opening`, the body one level deeper, then `closing`.
    mutating func block(_ opening: String, _ closing: String = "}", body: (inout CodeWriter) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// Runs `body` one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
