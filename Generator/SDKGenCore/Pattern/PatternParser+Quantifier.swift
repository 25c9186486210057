/// A parsed quantifier: how often the atom before it repeats.
struct PatternQuantifier: Hashable, Sendable {
    /// The fewest repetitions.
    var min: Int
    /// The most repetitions, `nil` for no limit.
    var max: Int?
    /// The quantifier as written, e.g. `{2,5}`.
    var text: String
}

extension PatternParser {
    /// Applies the quantifier after `atom`, if any, refusing lazy, possessive and stacked ones.
    mutating func parseQuantifiers(of atom: PatternNode) throws(PatternError) -> PatternNode {
        guard let next = peek(), "*+?{".contains(next) else { return atom }
        let start = column
        let quantifier = try parseQuantifier()
        switch peek() {
        case "?":
            throw .unsupported(quantifier.text + "?", "lazy quantifier", at: start)
        case "+":
            throw .unsupported(quantifier.text + "+", "possessive quantifier", at: start)
        case "*", "{":
            let stacked = column
            throw .stackedQuantifier(try parseQuantifier().text, at: stacked)
        default:
            return .repetition(atom, min: quantifier.min, max: quantifier.max)
        }
    }

    /// Reads the quantifier at `position`, which must be one of `*`, `+`, `?`, `{`.
    mutating func parseQuantifier() throws(PatternError) -> PatternQuantifier {
        let character = characters[position]
        position += 1
        switch character {
        case "*": return PatternQuantifier(min: 0, max: nil, text: "*")
        case "+": return PatternQuantifier(min: 1, max: nil, text: "+")
        case "?": return PatternQuantifier(min: 0, max: 1, text: "?")
        default: return try parseBraceQuantifier(openedAt: position - 1)
        }
    }

    private mutating func parseBraceQuantifier(openedAt open: Int) throws(PatternError)
        -> PatternQuantifier
    {
        let start = columns[open]
        let minimum = readNumber()
        var maximum = minimum
        let hasComma = peek() == ","
        if hasComma {
            position += 1
            maximum = readNumber()
        }
        guard peek() == "}", minimum != nil || hasComma else { throw .malformedBrace(at: start) }
        position += 1
        let text = String(characters[open..<position])
        guard let minimum else { throw .missingMinimum(text, at: start) }
        if minimum > Self.maxCount || (maximum ?? 0) > Self.maxCount {
            throw .countTooLarge(text, limit: Self.maxCount, at: start)
        }
        if let maximum, minimum > maximum { throw .minimumExceedsMaximum(text, at: start) }
        return PatternQuantifier(min: minimum, max: maximum, text: text)
    }

    /// Reads ASCII digits as a number (saturating well above `maxCount`); `nil` if there are none.
    private mutating func readNumber() -> Int? {
        var value: Int?
        while let digit = peek()?.asciiValue, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
            value = min((value ?? 0) * 10 + Int(digit - UInt8(ascii: "0")), Self.maxCount * 10)
            position += 1
        }
        return value
    }
}
