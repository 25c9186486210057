extension PatternParser {
    /// Reads a class `[...]` or `[^...]` at `position`.
    mutating func parseClass() throws(PatternError) -> PatternNode {
        let open = column
        position += 1
        let negated = peek() == "^"
        if negated { position += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        while true {
            guard let next = peek() else { throw .unclosedClass(at: open) }
            if next == "]" {
                guard !ranges.isEmpty else { throw .emptyClass(negated ? "[^]" : "[]", at: open) }
                position += 1
                break
            }
            let lowerColumn = column
            let lower = try parseClassMember(isFirst: ranges.isEmpty)
            guard peek() == "-", let after = peek(1), after != "]" else {
                ranges.append(lower.value...lower.value)
                continue
            }
            if after == "-" { throw .classSetOperation("--", at: column) }
            position += 1
            let upper = try parseClassMember(isFirst: false)
            guard lower.value <= upper.value else { throw .invalidRange(lower, upper, at: lowerColumn) }
            ranges.append(lower.value...upper.value)
        }
        let members = ScalarSet(ranges)
        return .scalars(negated ? members.complement : members)
    }

    /// Reads one scalar of a class: a literal or an escape. A `-` is literal only first or last.
    private mutating func parseClassMember(isFirst: Bool) throws(PatternError) -> Unicode.Scalar {
        let start = column
        let character = characters[position]
        switch character {
        case "\\":
            return try parseEscape(inClass: true)
        case "[":
            throw .nestedClass(at: start)
        case "-" where peek(1) == "-", "&" where peek(1) == "&", "~" where peek(1) == "~":
            throw .classSetOperation(String(repeating: character, count: 2), at: start)
        case "-" where !isFirst && peek(1) != "]":
            throw .ambiguousHyphen(at: start)
        default:
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first else {
                throw .combinedInClass(at: start)
            }
            position += 1
            return scalar
        }
    }
}
