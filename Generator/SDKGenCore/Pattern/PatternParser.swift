/// Parses the supported pattern subset into a `ParsedPattern`, refusing everything else with a
/// `PatternError` that names the construct and its column.
///
/// The pattern is read by `Character`, as Swift Regex reads it: a literal made of several scalars
/// (such as `e` + U+0301) is one atom, and a quantifier after it repeats the whole sequence.
struct PatternParser {
    /// The largest count a `{m,n}` quantifier may use.
    static let maxCount = 1000
    /// The deepest groups may nest (keeps the recursive parser and NFA builder off the stack limit).
    static let maxDepth = 100

    /// The characters of the pattern.
    let characters: [Character]
    /// The 0-based Unicode scalar offset of each character.
    let columns: [Int]
    /// The index of the next character to read.
    var position = 0
    /// The column of the first `|` outside any group, if any.
    var firstTopLevelBar: Int?
    /// Whether a final `$` was read.
    var anchoredAtEnd = false

    /// Parses `pattern`.
    static func parse(_ pattern: String) throws(PatternError) -> ParsedPattern {
        var parser = PatternParser(pattern)
        return try parser.parsePattern()
    }

    private init(_ pattern: String) {
        var characters: [Character] = []
        var columns: [Int] = []
        var column = 0
        for character in pattern {
            characters.append(character)
            columns.append(column)
            column += character.unicodeScalars.count
        }
        self.characters = characters
        self.columns = columns
    }

    /// The character at `position + offset`, if there is one.
    func peek(_ offset: Int = 0) -> Character? {
        let index = position + offset
        return index < characters.count ? characters[index] : nil
    }

    /// The column of the next character (the pattern's length in scalars at the end).
    var column: Int {
        position < columns.count
            ? columns[position] : (columns.last ?? 0) + (characters.last?.unicodeScalars.count ?? 0)
    }

    private mutating func parsePattern() throws(PatternError) -> ParsedPattern {
        try checkCombiningSequences()
        let anchoredAtStart = peek() == "^"
        if anchoredAtStart { position += 1 }
        let body = try parseAlternation(depth: 0)
        if position < characters.count { throw .unmatchedParenthesis(at: column) }
        if let bar = firstTopLevelBar, anchoredAtStart || anchoredAtEnd {
            throw .anchoredAlternation(at: bar, pattern: characters)
        }
        return ParsedPattern(body: body, anchoredAtStart: anchoredAtStart, anchoredAtEnd: anchoredAtEnd)
    }

    /// Refuses characters that fuse ASCII punctuation or a space with other scalars (such as `(`
    /// or `-` followed by U+0301): Swift Regex reads such a character as one literal, or refuses
    /// it as "confusable for a metacharacter"; it is never what the author meant.
    private func checkCombiningSequences() throws(PatternError) {
        for (index, character) in characters.enumerated()
        where character.unicodeScalars.count > 1
            && character.unicodeScalars.contains(where: Self.isASCIIPunctuationOrSpace)
        {
            throw .combinedWithPunctuation(at: columns[index])
        }
    }

    /// Whether `scalar` is a space or ASCII punctuation (every ASCII syntax character is one).
    static func isASCIIPunctuationOrSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    private mutating func parseAlternation(depth: Int) throws(PatternError) -> PatternNode {
        var branches = [try parseSequence(depth: depth)]
        while peek() == "|" {
            if depth == 0, firstTopLevelBar == nil { firstTopLevelBar = column }
            position += 1
            branches.append(try parseSequence(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence(depth: Int) throws(PatternError) -> PatternNode {
        var parts: [PatternNode] = []
        loop: while let character = peek() {
            switch character {
            case "|":
                break loop
            case ")":
                if depth > 0 { break loop }
                throw .unmatchedParenthesis(at: column)
            case "$":
                // A final `$` inside a group means the group was never closed (`^([a-z]$`):
                // leave it to the group, which reports where it opened.
                if depth > 0, position == characters.count - 1 { break loop }
                guard depth == 0, position == characters.count - 1 else {
                    // `^a$|^b$`: an anchor per alternative, which the grouped form says once.
                    if depth == 0, position + 1 < characters.count, characters[position + 1] == "|" {
                        throw .anchoredAlternation(at: column + 1, pattern: characters)
                    }
                    throw .misplacedEndAnchor(at: column)
                }
                anchoredAtEnd = true
                position += 1
            default:
                let atom = try parseAtom(depth: depth)
                parts.append(try parseQuantifiers(of: atom))
            }
        }
        switch parts.count {
        case 0: return .empty
        case 1: return parts[0]
        default: return .sequence(parts)
        }
    }

    private mutating func parseAtom(depth: Int) throws(PatternError) -> PatternNode {
        let start = column
        let character = characters[position]
        switch character {
        case "(":
            return try parseGroup(depth: depth)
        case "[":
            return try parseClass()
        case ".":
            position += 1
            return .scalars(Self.dot)
        case "\\":
            return .scalars(ScalarSet(try parseEscape(inClass: false)))
        case "^":
            throw .misplacedStartAnchor(at: start)
        case "]":
            throw .unmatchedBracket(at: start)
        case "}":
            throw .unmatchedBrace(at: start)
        case "*", "+", "?", "{":
            throw .nothingToRepeat(try parseQuantifier().text, at: start)
        default:
            position += 1
            let scalars = character.unicodeScalars.map { PatternNode.scalars(ScalarSet($0)) }
            return scalars.count == 1 ? scalars[0] : .sequence(scalars)
        }
    }

    private mutating func parseGroup(depth: Int) throws(PatternError) -> PatternNode {
        let open = column
        guard depth < Self.maxDepth else { throw .nestedTooDeep(limit: Self.maxDepth, at: open) }
        if peek(1) == "?" {
            guard peek(2) == ":" else { throw groupExtensionError(at: open) }
            position += 2
        }
        position += 1
        let body = try parseAlternation(depth: depth + 1)
        guard peek() == ")" else { throw .unclosedGroup(at: open) }
        position += 1
        return body
    }

    /// The error for the `(?` at `position` that does not start a non-capturing group.
    private func groupExtensionError(at open: Int) -> PatternError {
        let (length, name): (Int, String) =
            switch (peek(2), peek(3)) {
            case ("=", _): (3, "lookahead")
            case ("!", _): (3, "negative lookahead")
            case ("<", "="): (4, "lookbehind")
            case ("<", "!"): (4, "negative lookbehind")
            case ("<", _), ("'", _), ("P", _): (3, "named group")
            case (">", _): (3, "atomic group")
            case ("#", _): (3, "comment")
            case ("|", _): (3, "branch reset")
            case ("*", _): (3, "non-atomic lookaround")
            case (nil, _): (2, "group extension")
            case (let next?, _) where next.isLetter || next == "-" || next == "^": (3, "inline options")
            default: (3, "group extension")
            }
        return .unsupported(
            String(characters[position..<min(position + length, characters.count)]), name, at: open)
    }

    /// Any scalar except the newlines Swift Regex's `.` refuses by default:
    /// U+000A...U+000D, U+0085, U+2028 and U+2029.
    static let dot = ScalarSet([0x0A...0x0D, 0x85...0x85, 0x2028...0x2029]).complement
}
