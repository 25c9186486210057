/// An independent reading of the rules inside the generator, used to work out the expected
/// reason of every edge case a contract test checks; the generated validator must agree.
enum RuleEvaluator {
    /// The first reason `value` breaks `rule`, or `nil`.
    static func reason(_ value: String, _ rule: StringRule) -> RuleReason? {
        if rule.requiresNonWhitespace, value.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return .blank }
        let length = length(value, rule.lengthUnit)
        if let min = rule.minLength, length < min { return .tooShort }
        if let max = rule.maxLength, length > max { return .tooLong }
        if value.unicodeScalars.contains(where: rule.forbiddenCharacters.contains) { return .forbiddenCharacter }
        if rule.forbiddenPrefixes.contains(where: { Array(value.unicodeScalars).starts(with: $0.unicodeScalars) }) {
            return .forbiddenPrefix
        }
        if let pattern = rule.pattern, !pattern.automaton.matches(value) { return .patternMismatch }
        return nil
    }

    /// The first reason a JSON value breaks a value rule, or `nil`.
    static func reason(_ kind: JSONKind, isNonFiniteNumber: Bool, _ rule: ValueRule) -> RuleReason? {
        if isNonFiniteNumber { return rule.nonFiniteNumbers == .null ? nil : .kindNotAllowed }
        return rule.allowedKinds.contains(kind) ? nil : .kindNotAllowed
    }

    /// The kind of a JSON literal.
    static func kind(_ value: JSONLiteral) -> JSONKind {
        switch value {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The first reason a map breaks `rule`, or `nil`.
    static func reason(_ members: [JSONMember], _ rule: MapRule, rules: [RuleSpec]) -> RuleReason? {
        if let max = rule.maxCount, members.count > max { return .tooMany }
        let keyRule = rules.first { $0.name == rule.keyRule }
        if case .string(let keys)? = keyRule?.kind, members.contains(where: { reason($0.name, keys) != nil }) {
            return .invalidKey
        }
        guard let valueRule = rule.valueRule.flatMap({ name in rules.first { $0.name == name } }) else { return nil }
        for member in members {
            switch valueRule.kind {
            case .string(let strings):
                if reason(text(member.value) ?? "", strings) != nil { return .invalidValue }
            case .value(let values):
                if reason(kind(member.value), isNonFiniteNumber: false, values) != nil { return .invalidValue }
            case .map:
                return .invalidValue
            }
        }
        return nil
    }

    /// The text of a scalar literal, as a string rule example means it.
    static func text(_ value: JSONLiteral) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
