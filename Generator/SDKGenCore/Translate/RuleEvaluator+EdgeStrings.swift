extension RuleEvaluator {
    /// Repeated edge strings up to this many UTF-8 bytes are evaluated by building them; longer
    /// ones are worked out from their piece, so the generator's work does not grow with a limit.
    static let largestBuiltEdge = 4_096

    /// The first reason the edge string breaks `rule`, or `nil`.
    static func reason(_ edge: TestValues.EdgeString, _ rule: StringRule) -> RuleReason? {
        guard case .repeated(let piece, let count) = edge, count * piece.utf8.count > largestBuiltEdge else {
            return reason(edge.value, rule)
        }
        // count > 0 here, so the value is not empty and starts with `piece`.
        if rule.requiresNonWhitespace, piece.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return .blank }
        let one = length(piece, rule.lengthUnit)
        let length = one + (count - 1) * (self.length(piece + piece, rule.lengthUnit) - one)
        if let min = rule.minLength, length < min { return .tooShort }
        if let max = rule.maxLength, length > max { return .tooLong }
        if piece.unicodeScalars.contains(where: rule.forbiddenCharacters.contains) { return .forbiddenCharacter }
        let longestPrefix = rule.forbiddenPrefixes.map(\.unicodeScalars.count).max() ?? 0
        let start = Array(String(repeating: piece, count: min(count, longestPrefix)).unicodeScalars)
        if rule.forbiddenPrefixes.contains(where: { start.starts(with: $0.unicodeScalars) }) { return .forbiddenPrefix }
        if let pattern = rule.pattern, !pattern.automaton.matches(repeating: piece, count: count) {
            return .patternMismatch
        }
        return nil
    }

    /// The length of `value` in `unit`.
    static func length(_ value: String, _ unit: LengthUnit) -> Int {
        switch unit {
        case .characters: value.count
        case .unicodeScalars: value.unicodeScalars.count
        case .utf8Bytes: value.utf8.count
        case .utf16CodeUnits: value.utf16.count
        }
    }
}
