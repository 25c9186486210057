/// Contract tests of one rule: its examples, edge cases its limits imply (with reasons worked
/// out independently by `RuleEvaluator`), and for patterns, agreement with Swift `Regex`.
enum RuleTestTranslator {
    typealias EdgeString = TestValues.EdgeString

    static func suite(_ rule: RuleSpec, rules: [RuleSpec]) -> SwiftDeclaration {
        let ruleType = RuleTranslator.typeName(rule)
        let valueType = RuleTranslator.valueType(rule, rules: rules)
        let violation = SwiftType.optional(.named([ruleType, "Violation"]))
        var cases: [(value: SwiftExpression, reason: RuleReason?)] = []
        var members: [SwiftDeclaration] = []
        var largeMaps: [(count: Int, reason: RuleReason?)] = []
        switch rule.kind {
        case .string(let stringRule):
            cases = (rule.validExamples + rule.invalidExamples).map {
                (.string(RuleEvaluator.text($0.value) ?? ""), $0.reason)
            }
            let allEdges = edgeCases(stringRule)
            let edges = allEdges.filter { $0.writtenValue != nil }
            let longEdges = allEdges.compactMap(\.longRepetition)
            let reason = { (edge: EdgeString) in
                TestValues.reason(RuleEvaluator.reason(edge, stringRule), ruleType: ruleType)
            }
            members.append(
                ContractTestTranslator.test(
                    "edgeCase", "edge cases of the rule's limits give the reason the spec implies",
                    arguments: .cast(
                        .array(edges.map { .tuple([$0.expression, reason($0)]) }), .array(.tuple([.string, violation]))),
                    parameters: [.init("value", .string), .init("expected", violation)],
                    body: [
                        ContractTestTranslator.expect(
                            .binary(
                                .call(.path(ruleType, "validate"), [.init(.identifier("value"))]), "==",
                                .identifier("expected")))
                    ]))
            if !longEdges.isEmpty {
                members.append(
                    ContractTestTranslator.test(
                        "longEdgeCase",
                        "edge cases too long to write out give the reason the spec implies, each built when it runs",
                        arguments: .cast(
                            .array(
                                longEdges.map {
                                    .tuple([
                                        .string($0.piece), .integer(Int64($0.count)),
                                        reason(.repeated($0.piece, $0.count)),
                                    ])
                                }), .array(.tuple([.string, .int, violation]))),
                        parameters: [.init("piece", .string), .init("count", .int), .init("expected", violation)],
                        body: [
                            .expression(
                                .call(
                                    .identifier("edgeCase"),
                                    [.init("value", Self.repetition), .init("expected", .identifier("expected"))]))
                        ]))
            }
            if let pattern = stringRule.pattern {
                let written = Array(
                    Set(
                        edges.compactMap(\.writtenValue)
                            + cases.compactMap { if case .string(let text) = $0.value { text } else { nil } })
                ).sorted()
                members.append(
                    ContractTestTranslator.test(
                        "patternAgreesWithRegex", "the compiled pattern agrees with Swift Regex",
                        arguments: .array(written.map { SwiftExpression.string($0) }),
                        parameters: [.init("value", .string)],
                        throwing: true,
                        body: [
                            .binding(SwiftBinding("regex", TestValues.regex(pattern.source))),
                            .binding(
                                SwiftBinding(
                                    "regexMatches",
                                    .binary(
                                        .tryExpression(
                                            .call(.path("regex", "firstMatch"), [.init("in", .identifier("value"))]),
                                            optional: false), "!=", .nilLiteral))),
                            ContractTestTranslator.expect(
                                .binary(
                                    .call(.path(ruleType, "matchesPattern"), [.init(.identifier("value"))]), "==",
                                    .identifier("regexMatches"))),
                        ]))
                if !longEdges.isEmpty {
                    members.append(
                        ContractTestTranslator.test(
                            "patternAgreesWithRegexOnLongText",
                            "the compiled pattern agrees with Swift Regex on text too long to write out",
                            arguments: .cast(
                                .array(longEdges.map { .tuple([.string($0.piece), .integer(Int64($0.count))]) }),
                                .array(.tuple([.string, .int]))),
                            parameters: [.init("piece", .string), .init("count", .int)],
                            throwing: true,
                            body: [
                                .expression(
                                    .tryExpression(
                                        .call(.identifier("patternAgreesWithRegex"), [.init("value", Self.repetition)]),
                                        optional: false))
                            ]))
                }
            }
        case .value(let valueRule):
            cases = (rule.validExamples + rule.invalidExamples).map { (TestValues.jsonValue($0.value), $0.reason) }
            cases += JSONKind.allCases.map { kind in
                (TestValues.jsonValue(sample(kind)), RuleEvaluator.reason(kind, isNonFiniteNumber: false, valueRule))
            }
            for special in ["infinity", "nan"] {
                cases.append(
                    (
                        .call(.path("SDKRuntime", "JSONValue", "number"), [.init(.path("Swift", "Double", special))]),
                        RuleEvaluator.reason(.number, isNonFiniteNumber: true, valueRule)
                    ))
            }
            if valueRule.nonFiniteNumbers == .null {
                let number = { (argument: SwiftExpression) in
                    SwiftExpression.call(.path("SDKRuntime", "JSONValue", "number"), [.init(argument)])
                }
                let expectNormalized = { (input: SwiftExpression, output: SwiftExpression) in
                    ContractTestTranslator.expect(
                        .binary(.call(.path(ruleType, "normalized"), [.init(input)]), "==", output))
                }
                let null = SwiftExpression.path("SDKRuntime", "JSONValue", "null")
                members.append(
                    ContractTestTranslator.test(
                        "nonFiniteNumbersBecomeNull", "a number that is not finite is written as null",
                        body: [
                            expectNormalized(number(.path("Swift", "Double", "infinity")), null),
                            expectNormalized(number(.path("Swift", "Double", "nan")), null),
                            expectNormalized(number(.number("2.5")), number(.number("2.5"))),
                        ]))
            }
        case .map(let mapRule):
            let valueRule = mapRule.valueRule.flatMap { name in rules.first { $0.name == name } }
            let stringValues: Bool = if case .string? = valueRule?.kind { true } else { false }
            func dictionary(_ members: [JSONMember]) -> SwiftExpression {
                .dictionary(
                    members.map {
                        SwiftDictionaryEntry(
                            .string($0.name),
                            stringValues ? .string(RuleEvaluator.text($0.value) ?? "") : TestValues.jsonValue($0.value))
                    })
            }
            for example in rule.validExamples + rule.invalidExamples {
                if case .object(let members) = example.value { cases.append((dictionary(members), example.reason)) }
            }
            if let max = mapRule.maxCount,
                case .string(let keyRule)? = rules.first(where: { $0.name == mapRule.keyRule })?.kind
            {
                let keys = (0...max).map(Self.sampleKey)
                if keys.allSatisfy({ RuleEvaluator.reason($0, keyRule) == nil }) {
                    let sampleValue = JSONLiteral.string("v")
                    for count in [max, max + 1] {
                        let members = Array(keys.prefix(count).map { JSONMember(name: $0, value: sampleValue) })
                        let reason = RuleEvaluator.reason(members, mapRule, rules: rules)
                        if count <= Self.largestWrittenMap {
                            cases.append((dictionary(members), reason))
                        } else {
                            largeMaps.append((count, reason))
                        }
                    }
                }
            }
            if !largeMaps.isEmpty {
                let map = Self.generatedMap(
                    count: .identifier("count"), type: valueType,
                    value: stringValues ? .string("v") : TestValues.jsonValue(.string("v")))
                members.append(
                    ContractTestTranslator.test(
                        "largeMap",
                        "maps too large to write out give the reason the spec implies, each built when it runs",
                        arguments: .cast(
                            .array(
                                largeMaps.map {
                                    .tuple([
                                        .integer(Int64($0.count)), TestValues.reason($0.reason, ruleType: ruleType),
                                    ])
                                }), .array(.tuple([.int, violation]))),
                        parameters: [.init("count", .int), .init("expected", violation)],
                        body: [
                            .expression(
                                .call(
                                    .identifier("example"),
                                    [.init("value", map), .init("expected", .identifier("expected"))]))
                        ]))
            }
        }
        members.insert(
            ContractTestTranslator.test(
                "example", "the spec's examples and samples give their expected reasons",
                arguments: .cast(
                    .array(cases.map { .tuple([$0.value, TestValues.reason($0.reason, ruleType: ruleType)]) }),
                    .array(.tuple([valueType, violation]))),
                parameters: [.init("value", valueType), .init("expected", violation)],
                body: [
                    ContractTestTranslator.expect(
                        .binary(
                            .call(.path(ruleType, "validate"), [.init(.identifier("value"))]), "==",
                            .identifier("expected")))
                ]),
            at: 0)
        return ContractTestTranslator.suite(
            ruleType + "Tests", title: "Rule \(rule.name) (\(rule.location))", members: members)
    }

    /// `Swift.String(repeating: piece, count: count)`: the text of a long edge case, built by the
    /// test that checks it. Computed, not a stored global: an indirect enum's boxes behind a
    /// global hide their pointers from LeakSanitizer (the fuzzers' leak check reported them).
    static var repetition: SwiftExpression {
        .call(.type(.string), [.init("repeating", .identifier("piece")), .init("count", .identifier("count"))])
    }

    /// The key of the `index`th member of a sample map: `k0`, `k1`, ...
    static func sampleKey(_ index: Int) -> String { "k" + String(index) }

    /// Sample maps up to this many members are written out; larger ones are built by the test.
    static let largestWrittenMap = 16

    /// `Type(uniqueKeysWithValues: (0..<count).map { ("k" + Swift.String($0), value) })`: a map of
    /// `count` members with the keys of `sampleKey`, built when the test runs.
    static func generatedMap(count: SwiftExpression, type: SwiftType, value: SwiftExpression) -> SwiftExpression {
        let key = SwiftExpression.binary(.string("k"), "+", .call(.type(.string), [.init(.identifier("$0"))]))
        let pairs = SwiftExpression.call(
            .member(.tuple([.binary(.integer(0), "..<", count)]), "map"),
            [.init(.closure(parameters: [], body: [.expression(.tuple([key, value]))]))])
        return .call(.type(type), [.init("uniqueKeysWithValues", pairs)])
    }

    /// A value of each JSON kind.
    static func sample(_ kind: JSONKind) -> JSONLiteral {
        switch kind {
        case .null: .null
        case .boolean: .bool(true)
        case .number: .number("42")
        case .string: .string("text")
        case .array: .array([.number("1")])
        case .object: .object([JSONMember(name: "key", value: .string("value"))])
        }
    }

    /// Strings at and around every limit of a string rule.
    static func edgeCases(_ rule: StringRule) -> [EdgeString] {
        var edges: [EdgeString] = [
            .literal(""), .literal(" "), .literal("  \t\n"), .literal("\u{3000}"), .literal(" \u{301}"),
            .literal("a"), .literal("Łukasz"), .literal("e\u{301}"), .literal("👩‍💻"), .literal("🚀 launch"),
        ]
        for piece in ["a", "é", "👩‍💻"] {
            if let max = rule.maxLength { edges += [.repeated(piece, max), .repeated(piece, max + 1)] }
            if let min = rule.minLength {
                edges.append(.repeated(piece, min))
                if min > 0 { edges.append(.repeated(piece, min - 1)) }
            }
        }
        for scalar in rule.forbiddenCharacters {
            let character = String(scalar)
            edges += [.literal(character), .literal("a" + character + "b"), .literal("ab" + character)]
        }
        for prefix in rule.forbiddenPrefixes {
            edges += [
                .literal(prefix), .literal(prefix + "x"), .literal("x" + prefix), .literal(prefix + "\u{301}x"),
                .literal(String(prefix.dropLast())),
            ]
        }
        var seen: Set<EdgeString> = []
        return edges.filter { seen.insert($0.writtenValue.map(EdgeString.literal) ?? $0).inserted }
    }
}
