/// Contract tests of the rules on model members: every example of the model passes them, and
/// each member with a rule, given a value its rule refuses, is the one `violations()` names.
enum ModelValidationTestTranslator {
    /// Whether `model` gets the suite: it has a member rule and an example to start from.
    static func applies(to model: ModelSpec) -> Bool {
        ModelValidationTranslator.hasMemberRules(model) && !model.examples.isEmpty
    }

    /// The name of `model`'s suite.
    static func suiteName(_ model: ModelSpec) -> String { SwiftNaming.typeName(model.name) + "MemberRuleTests" }

    /// The suite of `model` (one that `applies(to:)`).
    static func suite(_ model: ModelSpec, rules: [RuleSpec]) -> SwiftDeclaration {
        let first = model.examples[0]
        let type = SwiftType.local(SwiftNaming.typeName(model.name))
        let decode = { (json: SwiftExpression) in
            SwiftExpression.tryExpression(
                .call(
                    .member(.call(.path("SDKRuntime", "JSONCoding", "makeDecoder"), []), "decode"),
                    [
                        .init(.member(.type(type), "self")),
                        .init("from", .call(.type(.foundation("Data")), [.init(.member(json, "utf8"))])),
                    ]),
                optional: false)
        }
        var members: [SwiftDeclaration] = [
            ContractTestTranslator.test(
                "examplesPassTheMemberRules", "every example passes the rules of its members",
                arguments: .array(model.examples.map { .string($0.value.jsonText) }),
                parameters: [.init("json", .string)], throwing: true,
                body: [
                    ContractTestTranslator.expect(
                        .member(.call(.member(decode(.identifier("json")), "violations"), []), "isEmpty"))
                ])
        ]
        for property in model.properties {
            guard let ruleName = property.rule, let shape = PropertyRuleShape(property.type),
                let rule = rules.first(where: { $0.name == ruleName }), let refused = refusedValue(rule)
            else { continue }
            let value = shape == .list ? SwiftExpression.array([refused]) : refused
            let place = shape == .list ? property.wireName + "[0]" : property.wireName
            members.append(
                ContractTestTranslator.test(
                    SwiftNaming.plainMemberName(property.name) + "BreakingItsRuleIsNamed",
                    "\(property.name) with a value rule \(ruleName) refuses is the violation reported",
                    throwing: true,
                    body: [
                        .binding(SwiftBinding("value", decode(.string(first.value.jsonText)), isMutable: true)),
                        .assignment(.member(.identifier("value"), SwiftNaming.memberName(property.name)), "=", value),
                        ContractTestTranslator.expect(
                            .binary(
                                .call(
                                    .member(.call(.path("value", "violations"), []), "map"),
                                    [.init(.closure(parameters: [], body: [.expression(.path("$0", "property"))]))]),
                                "==", .array([.string(place)]))),
                    ]))
        }
        return ContractTestTranslator.suite(
            suiteName(model),
            title: "Member rules of model \(model.name) (\(model.location))", members: members)
    }

    /// A string `rule` refuses: its first invalid example, else the first edge case that fails.
    static func refusedValue(_ rule: RuleSpec) -> SwiftExpression? {
        guard case .string(let checks) = rule.kind else { return nil }
        if let example = rule.invalidExamples.first, let text = RuleEvaluator.text(example.value) {
            return .string(text)
        }
        return RuleTestTranslator.edgeCases(checks).first { RuleEvaluator.reason($0, checks) != nil }?.expression
    }
}
