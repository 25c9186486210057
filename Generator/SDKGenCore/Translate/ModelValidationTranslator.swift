/// Turns the rules a spec attaches to model members into `violations()` on the model, which
/// lists every member whose value breaks its rule (each element of a list is checked and named
/// by its index, `tags[2]`; an absent optional member passes), and every violation of the
/// models it holds, named by where they are (`guests[0].name`).
enum ModelValidationTranslator {
    /// Whether `model` has a member with a rule of its own.
    static func hasMemberRules(_ model: ModelSpec) -> Bool {
        model.properties.contains { $0.rule != nil }
    }

    /// The models that get `violations()`: those with a member rule, and those holding one of
    /// them in a member (itself, or in a list, a map or an optional, at any depth).
    static func validatedModels(_ spec: Spec) -> Set<String> {
        var holders: [String: [String]] = [:]
        for model in spec.models {
            for name in Set(model.properties.flatMap(\.type.namedTypes)) {
                holders[name, default: []].append(model.name)
            }
        }
        var validated = Set(spec.models.filter(hasMemberRules).map(\.name))
        var pending = Array(validated)
        while let name = pending.popLast() {
            for holder in holders[name] ?? [] where validated.insert(holder).inserted { pending.append(holder) }
        }
        return validated
    }

    /// The extension holding `violations()`, or nothing when `model` is not among `validated`
    /// (`validatedModels(_:)`).
    static func declarations(_ model: ModelSpec, validated: Set<String>) -> [SwiftDeclaration] {
        guard validated.contains(model.name) else { return [] }
        let violationType = SwiftType.runtime("PropertyViolation")
        var body: [SwiftStatement] = [
            .binding(SwiftBinding("found", type: .array(violationType), .array([]), isMutable: true))
        ]
        for property in model.properties {
            let member = SwiftExpression.member(.identifier("self"), SwiftNaming.memberName(property.name))
            body += nestedChecks(member, property.type, path: .string(property.wireName), validated: validated)
            guard let rule = property.rule, let shape = PropertyRuleShape(property.type) else { continue }
            let name = SwiftExpression.string(property.wireName)
            let check = { (value: SwiftExpression, place: SwiftExpression) -> SwiftStatement in
                .ifStatement(
                    [
                        .optionalBinding(
                            "violation", .call(.path(RuleTranslator.typeName(ofRule: rule), "validate"), [.init(value)])
                        )
                    ],
                    then: [record(property: place)], else: nil)
            }
            // Each element of a list is named by its index (`tags[2]`), as nested models are.
            let element = appending(
                appending(appending(name, .string("[")), .call(.type(.string), [.init(.identifier("index"))])),
                .string("]"))
            let eachElement = { (values: SwiftExpression) -> SwiftStatement in
                .forIn(
                    "(index, value)", .call(.member(values, "enumerated"), []),
                    [check(.identifier("value"), element)])
            }
            let statement: SwiftStatement
            switch (shape, property.type.isOptional) {
            case (.single, false): statement = check(member, name)
            case (.single, true):
                statement = .ifStatement(
                    [.optionalBinding("value", member)], then: [check(.identifier("value"), name)], else: nil)
            case (.list, false): statement = eachElement(member)
            case (.list, true):
                statement = .ifStatement(
                    [.optionalBinding("values", member)], then: [eachElement(.identifier("values"))], else: nil)
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
                                    "Every member whose value breaks the rule the spec attaches to it, in spec order,",
                                    "with those of the models it holds (`member[0].name`); empty when all pass. The",
                                    "client checks a request body with it before sending; decoding a response does not.",
                                ],
                                name: "violations", returnType: .array(violationType), body: body))
                    ]))
        ]
    }

    /// The statements that add the violations of the models `value` (of `type`) holds, each
    /// named by `path` (a `String` expression) and where it is below it; none when `type` holds
    /// no model of `validated`.
    private static func nestedChecks(
        _ value: SwiftExpression, _ type: TypeReference, path: SwiftExpression, validated: Set<String>,
        depth: Int = 1
    ) -> [SwiftStatement] {
        guard type.namedTypes.contains(where: validated.contains) else { return [] }
        let deeper = { (value: SwiftExpression, type: TypeReference, path: SwiftExpression) in
            nestedChecks(value, type, path: path, validated: validated, depth: depth + 1)
        }
        let string = { (value: SwiftExpression) in SwiftExpression.call(.type(.string), [.init(value)]) }
        let append = Self.appending
        switch type {
        case .optional(let wrapped):
            let name = "value\(depth)"
            return [
                .ifStatement(
                    [.optionalBinding(name, value)], then: deeper(.identifier(name), wrapped, path), else: nil)
            ]
        case .named:
            let named = append(append(path, .string(".")), .path("violation", "property"))
            return [.forIn("violation", .call(.member(value, "violations"), []), [record(property: named)])]
        case .list(let element):
            let (index, item) = ("index\(depth)", "element\(depth)")
            let place = append(append(append(path, .string("[")), string(.identifier(index))), .string("]"))
            return [
                .forIn(
                    "(\(index), \(item))", .call(.member(value, "enumerated"), []),
                    deeper(.identifier(item), element, place))
            ]
        case .map(let element):
            let (key, item) = ("key\(depth)", "element\(depth)")
            let place = append(append(append(path, .string("[\"")), .identifier(key)), .string("\"]"))
            return [
                .forIn(
                    key, .call(.member(.member(value, "keys"), "sorted"), []),
                    [
                        .ifStatement(
                            [.optionalBinding(item, .subscripted(value, [.init(.identifier(key))]))],
                            then: deeper(.identifier(item), element, place), else: nil)
                    ])
            ]
        default:
            return []
        }
    }

    /// `found.append(PropertyViolation(property: property, message: violation.message))`: the
    /// violation in scope, recorded under `property` (a `String` expression).
    private static func record(property: SwiftExpression) -> SwiftStatement {
        .expression(
            .call(
                .path("found", "append"),
                [
                    .init(
                        .call(
                            .type(.runtime("PropertyViolation")),
                            [.init("property", property), .init("message", .path("violation", "message"))]))
                ]))
    }

    /// `text + tail`, with a literal tail joined to a literal end of `text` (`"list["`, not
    /// `"list" + "["`).
    private static func appending(_ text: SwiftExpression, _ tail: SwiftExpression) -> SwiftExpression {
        guard case .string(let literal) = tail else { return .binary(text, "+", tail) }
        switch text {
        case .string(let head): return .string(head + literal)
        case .binary(let left, "+", .string(let head)): return .binary(left, "+", .string(head + literal))
        default: return .binary(text, "+", tail)
        }
    }
}
