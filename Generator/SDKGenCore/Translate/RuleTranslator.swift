/// Turns a rule into a namespace enum with its limits, a `Violation` enum of the reasons it can
/// report, and `validate(_:)`, which returns the first reason in check order or `nil`.
enum RuleTranslator {
    /// The Swift type name of `rule`'s namespace.
    static func typeName(_ rule: RuleSpec) -> String { typeName(ofRule: rule.name) }

    /// The Swift type of the rule named `name`: `<Name>Rule`.
    static func typeName(ofRule name: String) -> String { SwiftNaming.typeName(name) + "Rule" }

    /// The Swift type a value checked by `rule` has.
    static func valueType(_ rule: RuleSpec, rules: [RuleSpec]) -> SwiftType {
        switch rule.kind {
        case .string: return .string
        case .value: return .runtime("JSONValue")
        case .map(let map):
            let valueRule = map.valueRule.flatMap { name in rules.first { $0.name == name } }
            return .dictionary(.string, valueRule.map { valueType($0, rules: rules) } ?? .runtime("JSONValue"))
        }
    }

    static func declaration(_ rule: RuleSpec, rules: [RuleSpec]) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = [.type(violationEnum(rule))]
        var body: [SwiftStatement] = []
        switch rule.kind {
        case .string(let stringRule):
            members += stringLimits(stringRule)
            body = stringChecks(stringRule)
            if let pattern = stringRule.pattern { members.append(.function(PatternTranslator.function(pattern))) }
        case .value(let valueRule):
            members += valueMembers(valueRule)
            body = valueChecks(valueRule)
        case .map(let mapRule):
            if let maxCount = mapRule.maxCount {
                members.append(
                    .property(
                        SwiftProperty(
                            doc: ["The most entries allowed."], isStatic: true, name: "maxCount", type: .int,
                            value: .integer(Int64(maxCount)))))
            }
            body = mapChecks(mapRule, rules: rules)
        }
        body.append(.returnStatement(.nilLiteral))
        members.append(
            .function(
                SwiftFunction(
                    doc: [
                        "Checks `value` against the rule.", "",
                        "- Returns: The first reason it breaks the rule, in check order, or `nil` when it passes.",
                    ],
                    isStatic: true, name: "validate",
                    parameters: [.init(label: "_", "value", valueType(rule, rules: rules))],
                    returnType: .optional(.local("Violation")), body: body)))
        return .type(
            SwiftTypeDeclaration(
                doc: DocComment.lines(rule.doc, from: rule.location, "rule \(rule.name)"), kind: .enumeration,
                name: typeName(rule), members: members))
    }

    static func violationEnum(_ rule: RuleSpec) -> SwiftTypeDeclaration {
        SwiftTypeDeclaration(
            doc: ["Why a value breaks the rule."], kind: .enumeration, name: "Violation",
            conformances: [.swift("Error"), .swift("Hashable"), .swift("Sendable"), .swift("CaseIterable")],
            members: rule.reasons.map { reason in
                .enumCase(
                    SwiftEnumCase(
                        doc: DocComment.wrapQuoting("The value \(message(reason, rule))."), name: reason.rawValue))
            } + [
                .property(
                    SwiftProperty(
                        doc: ["What is wrong, in words, without the value itself."], name: "message", type: .string,
                        getter: [
                            .switchStatement(
                                .identifier("self"),
                                rule.reasons.map { reason in
                                    SwiftSwitchCase(
                                        [.member(nil, reason.rawValue)],
                                        [.returnStatement(.string(message(reason, rule)))])
                                }, default: nil)
                        ]))
            ])
    }

    static func message(_ reason: RuleReason, _ rule: RuleSpec) -> String {
        let limits: (min: Int?, max: Int?, unit: String) =
            if case .string(let string) = rule.kind {
                (string.minLength, string.maxLength, unitWords(string.lengthUnit))
            } else { (nil, nil, "") }
        switch reason {
        case .blank: return "must contain a character that is not whitespace"
        case .tooShort: return "must be at least \(limits.min ?? 0) \(limits.unit) long"
        case .tooLong: return "must be at most \(limits.max ?? 0) \(limits.unit) long"
        case .forbiddenCharacter: return "contains a character that is not allowed"
        case .forbiddenPrefix: return "starts with a reserved prefix"
        case .patternMismatch:
            if case .string(let string) = rule.kind, let pattern = string.pattern {
                return "must match \(pattern.source)"
            }
            return "does not match the pattern"
        case .kindNotAllowed:
            if case .value(let value) = rule.kind {
                return "must be one of: " + value.allowedKinds.map(\.rawValue).joined(separator: ", ")
            }
            return "is of a kind that is not allowed"
        case .tooMany:
            if case .map(let map) = rule.kind, let maxCount = map.maxCount {
                return "has more than \(maxCount) entries"
            }
            return "has too many entries"
        case .invalidKey: return "has a key that breaks its rule"
        case .invalidValue: return "has a value that breaks its rule"
        }
    }

    static func unitWords(_ unit: LengthUnit) -> String {
        switch unit {
        case .characters: "characters"
        case .unicodeScalars: "Unicode scalars"
        case .utf8Bytes: "UTF-8 bytes"
        case .utf16CodeUnits: "UTF-16 code units"
        }
    }

    static func unitExpression(_ unit: LengthUnit) -> SwiftExpression { .member(nil, unit.rawValue) }

    static func stringLimits(_ rule: StringRule) -> [SwiftDeclaration] {
        var members: [SwiftDeclaration] = []
        let unit = unitWords(rule.lengthUnit)
        if let min = rule.minLength {
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["The least length, in \(unit)."], isStatic: true, name: "minLength", type: .int,
                        value: .integer(Int64(min)))))
        }
        if let max = rule.maxLength {
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["The greatest length, in \(unit)."], isStatic: true, name: "maxLength", type: .int,
                        value: .integer(Int64(max)))))
        }
        if rule.minLength != nil || rule.maxLength != nil {
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["What the length limits count."], isStatic: true, name: "lengthUnit",
                        type: .named(["SDKRuntime", "TextChecks", "LengthUnit"]), value: unitExpression(rule.lengthUnit)
                    )))
        }
        if !rule.forbiddenCharacters.isEmpty {
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["Characters that may not appear anywhere."], isStatic: true, name: "forbiddenCharacters",
                        type: .array(.named(["Swift", "Unicode", "Scalar"])),
                        value: .array(rule.forbiddenCharacters.map { .string(String($0)) }))))
        }
        if !rule.forbiddenPrefixes.isEmpty {
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["Prefixes a value may not start with (compared scalar by scalar)."], isStatic: true,
                        name: "forbiddenPrefixes", type: .array(.string),
                        value: .array(rule.forbiddenPrefixes.map { .string($0) }))))
        }
        return members
    }

    static func textCheck(_ name: String, _ arguments: [SwiftArgument]) -> SwiftExpression {
        .call(.path("SDKRuntime", "TextChecks", name), arguments)
    }

    static func fail(_ reason: RuleReason) -> [SwiftStatement] { [.returnStatement(.member(nil, reason.rawValue))] }

    static func stringChecks(_ rule: StringRule) -> [SwiftStatement] {
        var body: [SwiftStatement] = []
        let value = SwiftExpression.identifier("value")
        if rule.requiresNonWhitespace {
            body.append(
                .ifStatement(
                    [.expression(.prefix("!", textCheck("containsNonWhitespace", [.init(value)])))], then: fail(.blank),
                    else: nil))
        }
        if rule.minLength != nil || rule.maxLength != nil {
            body.append(
                .binding(
                    SwiftBinding(
                        "length", textCheck("length", [.init("of", value), .init("in", .path("Self", "lengthUnit"))]))))
        }
        if rule.minLength != nil {
            body.append(
                .ifStatement(
                    [.expression(.binary(.identifier("length"), "<", .path("Self", "minLength")))],
                    then: fail(.tooShort), else: nil))
        }
        if rule.maxLength != nil {
            body.append(
                .ifStatement(
                    [.expression(.binary(.identifier("length"), ">", .path("Self", "maxLength")))],
                    then: fail(.tooLong), else: nil))
        }
        if !rule.forbiddenCharacters.isEmpty {
            body.append(
                .ifStatement(
                    [
                        .expression(
                            textCheck(
                                "containsAny", [.init("of", .path("Self", "forbiddenCharacters")), .init("in", value)]))
                    ],
                    then: fail(.forbiddenCharacter), else: nil))
        }
        if !rule.forbiddenPrefixes.isEmpty {
            body.append(
                .forIn(
                    "prefix", .path("Self", "forbiddenPrefixes"),
                    [
                        .ifStatement(
                            [.expression(textCheck("hasPrefix", [.init(value), .init(.identifier("prefix"))]))],
                            then: fail(.forbiddenPrefix), else: nil)
                    ]))
        }
        if rule.pattern != nil {
            body.append(
                .ifStatement(
                    [.expression(.prefix("!", .call(.path("Self", "matchesPattern"), [.init(value)])))],
                    then: fail(.patternMismatch), else: nil))
        }
        return body
    }

    static func valueMembers(_ rule: ValueRule) -> [SwiftDeclaration] {
        var members: [SwiftDeclaration] = [
            .property(
                SwiftProperty(
                    doc: ["The kinds of value allowed."], isStatic: true, name: "allowedKinds",
                    type: .generic(["Swift", "Set"], [.runtime("JSONValueKind")]),
                    value: .array(
                        rule.allowedKinds.map { .member(nil, $0.rawValue == "null" ? "`null`" : $0.rawValue) })))
        ]
        if rule.nonFiniteNumbers == .null {
            members.append(
                .function(
                    SwiftFunction(
                        doc: ["The value as it is written: a number that is not finite becomes `null`."],
                        isStatic: true,
                        name: "normalized", parameters: [.init(label: "_", "value", .runtime("JSONValue"))],
                        returnType: .runtime("JSONValue"),
                        body: [
                            .ifStatement(
                                [
                                    .expression(
                                        .binary(.identifier("value").dot("isNonFiniteNumber"), "==", .bool(true)))
                                ],
                                then: [.returnStatement(.member(nil, "null"))], else: nil),
                            .returnStatement(.identifier("value")),
                        ])))
        }
        return members
    }

    static func valueChecks(_ rule: ValueRule) -> [SwiftStatement] {
        var body: [SwiftStatement] = []
        let nonFinite = SwiftExpression.binary(.identifier("value").dot("isNonFiniteNumber"), "==", .bool(true))
        body.append(
            .ifStatement(
                [.expression(nonFinite)],
                then: [.returnStatement(rule.nonFiniteNumbers == .null ? .nilLiteral : .member(nil, "kindNotAllowed"))],
                else: nil))
        body.append(
            .ifStatement(
                [
                    .expression(
                        .prefix(
                            "!", .path("Self", "allowedKinds").call("contains", .init(.identifier("value").dot("kind")))
                        ))
                ],
                then: fail(.kindNotAllowed), else: nil))
        return body
    }

    static func mapChecks(_ rule: MapRule, rules: [RuleSpec]) -> [SwiftStatement] {
        var body: [SwiftStatement] = []
        if rule.maxCount != nil {
            body.append(
                .ifStatement(
                    [.expression(.binary(.identifier("value").dot("count"), ">", .path("Self", "maxCount")))],
                    then: fail(.tooMany), else: nil))
        }
        let keyType = typeName(ofRule: rule.keyRule)
        body.append(
            .forIn(
                "key", .identifier("value").dot("keys"),
                [
                    .ifStatement(
                        [
                            .expression(
                                .binary(
                                    .call(.path(keyType, "validate"), [.init(.identifier("key"))]), "!=", .nilLiteral))
                        ],
                        then: fail(.invalidKey), else: nil)
                ]))
        if let valueRule = rule.valueRule {
            let valueType = typeName(ofRule: valueRule)
            body.append(
                .forIn(
                    "entry", .identifier("value").dot("values"),
                    [
                        .ifStatement(
                            [
                                .expression(
                                    .binary(
                                        .call(.path(valueType, "validate"), [.init(.identifier("entry"))]), "!=",
                                        .nilLiteral))
                            ],
                            then: fail(.invalidValue), else: nil)
                    ]))
        }
        return body
    }
}
