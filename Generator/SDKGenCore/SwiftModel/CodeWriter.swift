import Foundation

/// Collects lines of text with the current indentation: the renderer's only output device.
struct CodeWriter {
    /// The longest line generated code may have, in columns: the project's `swift format` limit.
    static let standardLineLimit = 120

    /// The text so far.
    private(set) var text = ""
    /// The current depth, four spaces a level.
    private var depth = 0
    /// The longest line this writer's text may have.
    let lineLimit: Int

    /// A writer of lines of at most `lineLimit` columns.
    init(lineLimit: Int = standardLineLimit) {
        self.lineLimit = lineLimit
    }

    /// The columns left on a line at the current depth.
    var columnsLeft: Int { lineLimit - 4 * depth }
    /// The indentation of the first depths, made once.
    private static let indentation = (0..<16).map { String(repeating: "    ", count: $0) }

    /// Writes one line at the current depth (an empty line stays empty); text holding several
    /// lines, such as a multi-line closure, is indented line by line. `\n`, `\r\n` and a lone
    /// `\r` each end a line (a Swift comment ends at any of them, so none may stay inside one).
    mutating func line(_ content: String) {
        guard !content.isEmpty else {
            text += "\n"
            return
        }
        guard Self.containsLineBreak(content) else {
            writeIndented(content)
            return
        }
        for part in Self.lines(of: content) {
            if part.isEmpty { text += "\n" } else { writeIndented(part) }
        }
    }

    /// Writes `content`, which holds no line break, at the current depth.
    private mutating func writeIndented(_ content: String) {
        text += depth < Self.indentation.count ? Self.indentation[depth] : String(repeating: "    ", count: depth)
        text += content
        text += "\n"
    }

    /// The lines of `content`, split at every `\n`, `\r\n` and lone `\r` (by bytes: a Swift
    /// `Character` holding `\r\n` is not equal to `"\n"`).
    static func lines(of content: String) -> [String] {
        guard containsLineBreak(content) else { return [content] }
        var lines: [String] = []
        var start = content.utf8.startIndex
        var index = start
        let utf8 = content.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = utf8.index(after: index)
                continue
            }
            lines.append(String(content[start..<index]))
            index = utf8.index(after: index)
            if byte == 0x0D, index != utf8.endIndex, utf8[index] == 0x0A { index = utf8.index(after: index) }
            start = index
        }
        lines.append(String(content[start..<index]))
        return lines
    }

    /// Whether `content` holds a line break; a byte search, as the renderer asks it of every line.
    private static func containsLineBreak(_ content: String) -> Bool {
        var content = content
        return content.withUTF8 { bytes in
            bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil || memchr($0, 0x0D, bytes.count) != nil }
                ?? false
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
