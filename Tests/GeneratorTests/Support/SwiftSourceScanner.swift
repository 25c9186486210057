/// Reads just enough of a Swift source file to find calls and the string literals passed to
/// them: it knows comments, string literals with their escapes and `\(...)` interpolations, and
/// bracket nesting, and nothing else. What it cannot read it reports as `nil`, never guesses.
struct SwiftSourceScanner {
    /// The file, as named in reports.
    let file: String
    /// The text, by character.
    let text: [Character]

    /// A scanner of `source`, which is the text of `file`.
    init(file: String, source: String) {
        self.file = file
        self.text = Array(source)
        var isCode = Array(repeating: false, count: text.count)
        var index = 0
        while index < text.count {
            if let next = skipNonCode(at: index) {
                index = next
            } else {
                isCode[index] = true
                index += 1
            }
        }
        self.isCode = isCode
    }

    /// Whether each character is code (not part of a comment or a string literal).
    private var isCode: [Bool] = []

    /// A string literal read from the source.
    struct Literal {
        /// Where its opening quote is.
        var start: Int
        /// Just after its closing quote.
        var end: Int
        /// Its text and interpolations; `nil` for a kind of literal the scanner does not read
        /// (multi-line or raw).
        var template: MessageTemplate?
    }

    /// A message expression read from the source: one template, or two for `c ? "a" : "b"`.
    struct Message {
        /// Where the expression starts.
        var start: Int
        /// Where it ends (at the `,` or `)` after it).
        var end: Int
        /// The texts it can produce.
        var templates: [MessageTemplate]
    }

    /// The 1-based line of `offset`.
    func line(of offset: Int) -> Int {
        1 + text[..<min(offset, text.count)].lazy.filter { $0 == "\n" }.count
    }

    /// The offsets of `marker` wherever it is written as code (not in a comment or a string
    /// literal) and, when it starts with a name, not as the end of a longer name.
    func codeOffsets(of marker: String) -> [Int] {
        let needle = Array(marker)
        guard let first = needle.first else { return [] }
        let startsName = Self.isNameCharacter(first)
        return text.indices.filter { index in
            isCode[index] && text[index] == first && text[index...].starts(with: needle)
                && (!startsName || index == 0 || !Self.isNameCharacter(text[index - 1]))
        }
    }

    /// The literals written as code in the body (`{...}`) of the first declaration that starts
    /// with `declaration`, or `nil` when there is no such declaration.
    func literals(inBodyOf declaration: String) -> [Literal]? {
        guard let start = codeOffsets(of: declaration).first else { return nil }
        var index = start
        var depth = 0
        var literals: [Literal] = []
        while index < text.count {
            if text[index] == "\"" {
                let literal = readLiteral(at: index)
                if depth > 0 { literals.append(literal) }
                index = literal.end
                continue
            }
            if let next = skipNonCode(at: index) {
                index = next
                continue
            }
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return literals }
            }
            index += 1
        }
        return nil
    }

    /// The message expression starting at `offset` (the first argument of a call, just after
    /// its `(` or label), or `nil` when it is not a form this scanner reads: string literals and
    /// other expressions joined by `+`, or a condition choosing between two such.
    func message(at offset: Int) -> Message? {
        enum Token: Equatable {
            case literal(MessageTemplate)
            case expression
            case plus, question, colon
        }
        var tokens: [Token] = []
        var index = offset
        while index < text.count {
            let character = text[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            if character == "," || character == ")" { break }
            if character == "\"" {
                let literal = readLiteral(at: index)
                guard let template = literal.template else { return nil }
                tokens.append(.literal(template))
                index = literal.end
                continue
            }
            let followedBySpace = index + 1 < text.count && text[index + 1].isWhitespace
            if followedBySpace,
                let operatorToken = [Character("+"): Token.plus, "?": .question, ":": .colon][character]
            {
                tokens.append(operatorToken)
                index += 1
                continue
            }
            guard let end = endOfExpression(at: index) else { return nil }
            tokens.append(.expression)
            index = end
        }
        guard index < text.count else { return nil }
        func branch(_ tokens: ArraySlice<Token>) -> MessageTemplate? {
            var pieces: [MessageTemplate.Piece] = []
            var hasLiteral = false
            for (position, token) in zip(0..., tokens) {
                switch (position % 2, token) {
                case (0, .literal(let template)):
                    pieces += template.pieces
                    hasLiteral = true
                case (0, .expression): pieces.append(.anything)
                case (1, .plus): continue
                default: return nil
                }
            }
            guard hasLiteral, tokens.count % 2 == 1 else { return nil }
            return MessageTemplate(pieces)
        }
        let templates: [MessageTemplate?]
        if let question = tokens.firstIndex(of: .question) {
            guard question > 0, let colon = tokens[question...].firstIndex(of: .colon) else { return nil }
            templates = [branch(tokens[(question + 1)..<colon]), branch(tokens[(colon + 1)...])]
        } else {
            templates = [branch(tokens[...])]
        }
        guard templates.allSatisfy({ $0 != nil }) else { return nil }
        return Message(start: offset, end: index, templates: templates.compactMap { $0 })
    }

    // MARK: reading

    /// Just after the comment or literal at `index`, or `nil` when code starts there.
    private func skipNonCode(at index: Int) -> Int? {
        if text[index...].starts(with: ["/", "/"]) {
            return text[index...].firstIndex(of: "\n") ?? text.count
        }
        if text[index...].starts(with: ["/", "*"]) {
            var depth = 0
            var position = index
            while position < text.count {
                if text[position...].starts(with: ["/", "*"]) {
                    depth += 1
                    position += 2
                } else if text[position...].starts(with: ["*", "/"]) {
                    depth -= 1
                    position += 2
                    if depth == 0 { return position }
                } else {
                    position += 1
                }
            }
            return text.count
        }
        if text[index] == "\"" { return readLiteral(at: index).end }
        if text[index...].starts(with: ["#", "\""]) {
            var position = index + 2
            while position < text.count, !text[position...].starts(with: ["\"", "#"]) { position += 1 }
            return min(position + 2, text.count)
        }
        return nil
    }

    /// The string literal whose opening quote is at `index`.
    func readLiteral(at index: Int) -> Literal {
        if text[index...].starts(with: ["\"", "\"", "\""]) {
            var position = index + 3
            while position < text.count, !text[position...].starts(with: ["\"", "\"", "\""]) { position += 1 }
            return Literal(start: index, end: min(position + 3, text.count), template: nil)
        }
        var pieces: [MessageTemplate.Piece] = []
        var written = ""
        var position = index + 1
        var readable = true
        while position < text.count {
            let character = text[position]
            if character == "\"" {
                pieces.append(.text(written))
                return Literal(
                    start: index, end: position + 1, template: readable ? MessageTemplate(pieces) : nil)
            }
            if character == "\n" { break }
            guard character == "\\", position + 1 < text.count else {
                written.append(character)
                position += 1
                continue
            }
            let escaped = text[position + 1]
            position += 2
            switch escaped {
            case "(":
                pieces.append(.text(written))
                written = ""
                pieces.append(.anything)
                guard let end = endOfExpression(at: position - 1) else {
                    return Literal(start: index, end: text.count, template: nil)
                }
                position = end
            case "\\": written.append("\\")
            case "\"": written.append("\"")
            case "'": written.append("'")
            case "n": written.append("\n")
            case "t": written.append("\t")
            case "r": written.append("\r")
            case "0": written.append("\0")
            case "u":
                guard position < text.count, text[position] == "{",
                    let close = text[position...].firstIndex(of: "}"),
                    let value = UInt32(String(text[(position + 1)..<close]), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else {
                    readable = false
                    continue
                }
                written.unicodeScalars.append(scalar)
                position = close + 1
            default:
                readable = false
            }
        }
        return Literal(start: index, end: position, template: nil)
    }

    /// Just after the expression starting at `index`: brackets are balanced and literals
    /// skipped; at depth zero it ends before white space, `,` or a closing bracket. Starting
    /// at an opening bracket, it ends just after the matching closing one.
    private func endOfExpression(at index: Int) -> Int? {
        var depth = 0
        var position = index
        while position < text.count {
            let character = text[position]
            if character == "\"" {
                position = readLiteral(at: position).end
                continue
            }
            if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                if depth == 0 { return position }
                depth -= 1
                if depth == 0, "([{".contains(text[index]) { return position + 1 }
            } else if depth == 0, character.isWhitespace || character == "," {
                return position
            }
            position += 1
        }
        return nil
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
