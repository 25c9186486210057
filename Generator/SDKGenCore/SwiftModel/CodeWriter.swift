import Foundation

/// Collects lines of text with the current indentation: the renderer's only output device.
struct CodeWriter {
    /// The text so far.
    private(set) var text = ""
    /// The current depth, four spaces a level.
    private var depth = 0
    /// The indentation of the first depths, made once.
    private static let indentation = (0..<16).map { String(repeating: "    ", count: $0) }

    /// Writes one line at the current depth (an empty line stays empty); text holding several
    /// lines, such as a multi-line closure, is indented line by line.
    mutating func line(_ content: String) {
        guard !content.isEmpty else {
            text += "\n"
            return
        }
        guard Self.containsNewline(content) else {
            text += depth < Self.indentation.count ? Self.indentation[depth] : String(repeating: "    ", count: depth)
            text += content
            text += "\n"
            return
        }
        for part in content.split(separator: "\n", omittingEmptySubsequences: false) {
            line(String(part))
        }
    }

    /// Whether `content` holds a line break; a byte search, as the renderer asks it of every line.
    private static func containsNewline(_ content: String) -> Bool {
        var content = content
        return content.withUTF8 { bytes in
            bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil } ?? false
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
