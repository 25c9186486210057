/// A message as the generator's source writes it: text written out, and places where an
/// interpolation (or any other expression) puts text only known at run time.
struct MessageTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One piece of a template.
    enum Piece: Hashable, Sendable {
        /// Text written out in a string literal.
        case text(String)
        /// Text computed at run time: matches any text, the empty one included.
        case anything
    }

    /// The pieces, with neighbouring texts merged and no two `anything` in a row.
    let pieces: [Piece]

    /// A template of `pieces`, normalised.
    init(_ pieces: [Piece]) {
        var merged: [Piece] = []
        for piece in pieces {
            switch (merged.last, piece) {
            case (.text(let earlier)?, .text(let more)): merged[merged.count - 1] = .text(earlier + more)
            case (.anything?, .anything): continue
            case (_, .text(let text)) where text.isEmpty: continue
            default: merged.append(piece)
            }
        }
        self.pieces = merged
    }

    /// The text written out, without what is computed.
    var writtenText: String {
        pieces.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// The template as a person reads it, `…` for computed text.
    var description: String {
        pieces.map { if case .text(let text) = $0 { text } else { "…" } }.joined()
    }

    /// The template without each ` at column …` (a pattern error's column, which the loader
    /// turns into the diagnostic's own column).
    var droppingColumn: MessageTemplate {
        var result: [Piece] = []
        var index = pieces.startIndex
        while index < pieces.endIndex {
            if case .text(let text) = pieces[index], text.hasSuffix(" at column "),
                index + 1 < pieces.endIndex, pieces[index + 1] == .anything
            {
                result.append(.text(String(text.dropLast(" at column ".count))))
                index += 2
            } else {
                result.append(pieces[index])
                index += 1
            }
        }
        return MessageTemplate(result)
    }

    /// Whether `message` is exactly a text this template can produce.
    func matches(whole message: String) -> Bool {
        containsWrittenPieces(message) && Self.match(pieces[...], Substring(message))
    }

    /// Whether `message` contains a text this template can produce.
    func matches(partOf message: String) -> Bool {
        containsWrittenPieces(message) && Self.match(([.anything] + pieces + [.anything])[...], Substring(message))
    }

    /// Whether every written piece occurs in `message` (a quick test before matching in order).
    private func containsWrittenPieces(_ message: String) -> Bool {
        pieces.allSatisfy { if case .text(let text) = $0 { message.contains(text) } else { true } }
    }

    private static func match(_ pieces: ArraySlice<Piece>, _ text: Substring) -> Bool {
        guard let first = pieces.first else { return text.isEmpty }
        let rest = pieces.dropFirst()
        switch first {
        case .text(let written):
            return text.hasPrefix(written) && match(rest, text.dropFirst(written.count))
        case .anything:
            if rest.isEmpty { return true }
            var start = text.startIndex
            while true {
                if match(rest, text[start...]) { return true }
                guard start < text.endIndex else { return false }
                start = text.index(after: start)
            }
        }
    }
}
