/// The rules as component schemas named `rules.<name>`.
///
/// The JSON Schema keywords say what JSON Schema can check of a rule, and never more: every
/// value the generated validator accepts, the schema accepts too. Where a check cannot be said
/// exactly (lengths counted in characters, bytes or UTF-16 code units, non-finite numbers) the
/// keywords are the nearest condition that is still implied by the rule, and the exact rule is
/// in `x-sdkgen-rule`, in the spec's own terms.
enum OpenAPIRuleSchemas {
    /// The component name of the rule `name`.
    static func componentName(_ name: String) -> String { "rules." + name }

    /// The schema of `rule`.
    static func schema(_ rule: RuleSpec) -> JSONLiteral {
        let checks: [(String, JSONLiteral?)]
        let exact: JSONLiteral
        switch rule.kind {
        case .string(let stringRule):
            checks = stringChecks(stringRule)
            exact = exactRule(stringRule)
        case .value(let valueRule):
            checks = [("type", .strings(valueRule.allowedKinds.map(\.rawValue)))]
            exact = .fields([
                ("kind", .string("value")), ("allowedKinds", .strings(valueRule.allowedKinds.map(\.rawValue))),
                ("nonFiniteNumbers", .string(valueRule.nonFiniteNumbers.rawValue)),
            ])
        case .map(let mapRule):
            checks = [
                ("type", .string("object")),
                ("maxProperties", mapRule.maxCount.map { .integer($0) }),
                ("propertyNames", OpenAPISchemas.reference(componentName(mapRule.keyRule))),
                ("additionalProperties", mapRule.valueRule.map { OpenAPISchemas.reference(componentName($0)) }),
            ]
            exact = .fields([
                ("kind", .string("map")), ("keyRule", .string(mapRule.keyRule)),
                ("valueRule", mapRule.valueRule.map { .string($0) }),
                ("maxCount", mapRule.maxCount.map { .integer($0) }),
            ])
        }
        let invalid = rule.invalidExamples.map { example in
            JSONLiteral.fields([
                ("value", example.value), ("reason", example.reason.map { .string($0.rawValue) }),
                JSONLiteral.source(example.location),
            ])
        }
        let described: [(String, JSONLiteral?)] = [("description", rule.doc.isEmpty ? nil : .string(rule.doc))]
        return .fields(
            described + checks + [
                ("examples", rule.validExamples.isEmpty ? nil : .array(rule.validExamples.map(\.value))),
                ("x-sdkgen-rule", exact.adding([("reasons", .strings(rule.reasons.map(\.rawValue)))])),
                ("x-sdkgen-invalid-examples", invalid.isEmpty ? nil : .array(invalid)),
                JSONLiteral.source(rule.location),
            ])
    }

    /// The JSON Schema keywords of a string rule.
    static func stringChecks(_ rule: StringRule) -> [(String, JSONLiteral?)] {
        var patterns: [String] = []
        if rule.requiresNonWhitespace { patterns.append(OpenAPIPatterns.containsNonWhitespace) }
        if !rule.forbiddenCharacters.isEmpty {
            patterns.append("^" + OpenAPIPatterns.noneOf(rule.forbiddenCharacters) + "*$")
        }
        if let pattern = rule.pattern { patterns.append(OpenAPIPatterns.ecma(pattern.source)) }
        let bounds = lengthBounds(rule)
        let prefixes = rule.forbiddenPrefixes.map {
            JSONLiteral.fields([("pattern", .string("^" + OpenAPIPatterns.literal($0)))])
        }
        return [
            ("type", .string("string")),
            ("minLength", bounds.min.map { .integer($0) }),
            ("maxLength", bounds.max.map { .integer($0) }),
            ("pattern", patterns.first.map { .string($0) }),
            (
                "allOf",
                patterns.count < 2 ? nil : .array(patterns.dropFirst().map { .fields([("pattern", .string($0))]) })
            ),
            ("not", prefixes.isEmpty ? nil : .fields([("anyOf", .array(prefixes))])),
        ]
    }

    /// `minLength` and `maxLength`, which count Unicode scalars, implied by the rule's limits in
    /// its unit: a character holds at least one scalar, a scalar at most four UTF-8 bytes and at
    /// most two UTF-16 code units, and at least one of each.
    static func lengthBounds(_ rule: StringRule) -> (min: Int?, max: Int?) {
        func atLeast(_ count: Int?, per: Int) -> Int? {
            count.map { ($0 + per - 1) / per }.flatMap { $0 > 0 ? $0 : nil }
        }
        switch rule.lengthUnit {
        case .unicodeScalars: return (rule.minLength.flatMap { $0 > 0 ? $0 : nil }, rule.maxLength)
        case .characters: return (atLeast(rule.minLength, per: 1), nil)
        case .utf8Bytes: return (atLeast(rule.minLength, per: 4), rule.maxLength)
        case .utf16CodeUnits: return (atLeast(rule.minLength, per: 2), rule.maxLength)
        }
    }

    /// A string rule exactly, in the spec's keys.
    static func exactRule(_ rule: StringRule) -> JSONLiteral {
        let hasLength = rule.minLength != nil || rule.maxLength != nil
        return .fields([
            ("kind", .string("string")),
            ("nonWhitespace", rule.requiresNonWhitespace ? .bool(true) : nil),
            (
                "length",
                hasLength
                    ? .fields([
                        ("min", rule.minLength.map { .integer($0) }), ("max", rule.maxLength.map { .integer($0) }),
                        ("unit", .string(rule.lengthUnit.rawValue)),
                    ]) : nil
            ),
            (
                "forbiddenCharacters",
                rule.forbiddenCharacters.isEmpty ? nil : .strings(rule.forbiddenCharacters.map { String($0) })
            ),
            ("forbiddenPrefixes", rule.forbiddenPrefixes.isEmpty ? nil : .strings(rule.forbiddenPrefixes)),
            ("pattern", rule.pattern.map { .string($0.source) }),
        ])
    }
}
