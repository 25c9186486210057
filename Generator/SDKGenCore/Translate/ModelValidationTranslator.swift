/// Turns the rules a spec attaches to model members into `violations()` on the model, which
/// lists every member whose value breaks its rule (each element of a list is checked; an
/// absent optional member passes).
enum ModelValidationTranslator {
    /// Whether `model` has a member with a rule (and so `violations()`).
    static func isValidated(_ model: ModelSpec) -> Bool {
        model.properties.contains { $0.rule != nil }
    }

    /// The extension holding `violations()`, or nothing when no member has a rule.
    static func declarations(_ model: ModelSpec) -> [SwiftDeclaration] {
        guard isValidated(model) else { return [] }
        let violationType = SwiftType.runtime("PropertyViolation")
        var body: [SwiftStatement] = [
            .binding(SwiftBinding("found", type: .array(violationType), .array([]), isMutable: true))
        ]
        for property in model.properties {
            guard let rule = property.rule, let shape = PropertyRuleShape(property.type) else { continue }
            let member = SwiftExpression.member(.identifier("self"), SwiftNaming.memberName(property.name))
            let check = { (value: SwiftExpression) -> SwiftStatement in
                .ifStatement(
                    [
                        .optionalBinding(
                            "violation", .call(.path(SwiftNaming.typeName(rule) + "Rule", "validate"), [.init(value)]))
                    ],
                    then: [
                        .expression(
                            .call(
                                .path("found", "append"),
                                [
                                    .init(
                                        .call(
                                            .type(violationType),
                                            [
                                                .init("property", .string(property.wireName)),
                                                .init("message", .path("violation", "message")),
                                            ]))
                                ]))
                    ], else: nil)
            }
            let statement: SwiftStatement
            switch (shape, property.type.isOptional) {
            case (.single, false): statement = check(member)
            case (.single, true):
                statement = .ifStatement(
                    [.optionalBinding("value", member)], then: [check(.identifier("value"))], else: nil)
            case (.list, false): statement = .forIn("value", member, [check(.identifier("value"))])
            case (.list, true):
                statement = .ifStatement(
                    [.optionalBinding("values", member)],
                    then: [.forIn("value", .identifier("values"), [check(.identifier("value"))])], else: nil)
            }
            body.append(statement)
        }
        body.append(.returnStatement(.identifier("found")))
        return [
            .type(
                SwiftTypeDeclaration(
                    doc: [], kind: .extension, name: SwiftNaming.typeName(model.name),
                    members: [
                        .function(
                            SwiftFunction(
                                doc: [
                                    "Every member whose value breaks the rule the spec attaches to it, in spec order;",
                                    "empty when all pass. The client checks a request body with it before sending;",
                                    "decoding a response does not.",
                                ],
                                name: "violations", returnType: .array(violationType), body: body))
                    ]))
        ]
    }
}
