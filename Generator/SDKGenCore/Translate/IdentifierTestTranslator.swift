/// Contract tests of identifier formats and of the request headers.
enum IdentifierTestTranslator {
    static func suite(_ identifier: IdentifierSpec) -> SwiftDeclaration {
        let typeName = SwiftNaming.typeName(identifier.name)
        var members: [SwiftDeclaration] = []
        let expect = ContractTestTranslator.expect
        switch identifier.body {
        case .uuid, .uuidHex32:
            members.append(
                ContractTestTranslator.test(
                    "madeIdentifierIsRecognised",
                    "a new identifier has the prefix, is recognised, and differs from the next",
                    body: [
                        .binding(SwiftBinding("first", .call(.path(typeName, "make"), []))),
                        .binding(SwiftBinding("second", .call(.path(typeName, "make"), []))),
                        expect(.call(.path("first", "hasPrefix"), [.init(.path(typeName, "prefix"))])),
                        expect(.call(.path(typeName, "isValid"), [.init(.identifier("first"))])),
                        expect(.binary(.identifier("first"), "!=", .identifier("second"))),
                        expect(
                            .binary(
                                .path("first", "utf8", "count"), "==",
                                .binary(
                                    .path(typeName, "prefix", "utf8", "count"), "+",
                                    .integer(identifier.body == .uuid ? 36 : 32)))),
                    ]))
        case .sha256Hex32:
            members.append(
                ContractTestTranslator.test(
                    "derivedIdentifier", "derives the documented identifier, which does not reveal its input",
                    arguments: .cast(
                        .array(identifier.derivations.map { .tuple([.string($0.input), .string($0.output)]) }),
                        .array(.tuple([.string, .string]))),
                    parameters: [.init("input", .string), .init("output", .string)],
                    body: [
                        .binding(
                            SwiftBinding("made", .call(.path(typeName, "make"), [.init("from", .identifier("input"))]))),
                        expect(.binary(.identifier("made"), "==", .identifier("output"))),
                        expect(.call(.path(typeName, "isValid"), [.init(.identifier("made"))])),
                        expect(
                            .binary(
                                .path("input", "isEmpty"), "||",
                                .prefix(
                                    "!",
                                    .call(.path("made", "dropFirst"), [.init(.path(typeName, "prefix", "count"))]).call(
                                        "contains", .init(.identifier("input")))))),
                    ]))
        }
        if !identifier.validExamples.isEmpty {
            members.append(
                ContractTestTranslator.test(
                    "recognisesValidExample", "recognises every valid example",
                    arguments: .array(identifier.validExamples.map { .string($0.text) }),
                    parameters: [.init("value", .string)],
                    body: [expect(.call(.path(typeName, "isValid"), [.init(.identifier("value"))]))]))
        }
        if !identifier.invalidExamples.isEmpty {
            members.append(
                ContractTestTranslator.test(
                    "refusesInvalidExample", "refuses every invalid example",
                    arguments: .array(identifier.invalidExamples.map { .string($0.text) }),
                    parameters: [.init("value", .string)],
                    body: [expect(.prefix("!", .call(.path(typeName, "isValid"), [.init(.identifier("value"))])))]))
        }
        return ContractTestTranslator.suite(
            typeName + "Tests", title: "Identifier \(identifier.name) (\(identifier.location))", members: members)
    }
}

/// Contract tests of the request-header contract: each example's inputs give exactly its headers.
enum HeaderTestTranslator {
    static func suite(_ contract: HeaderContractSpec, spec: Spec) -> SwiftDeclaration {
        let typeName = HeaderTranslator.typeName(spec)
        let kinds = Dictionary(contract.inputs.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let members: [SwiftDeclaration] = contract.examples.enumerated().map { index, example in
            let arguments: [SwiftArgument] = contract.inputs.compactMap { input in
                guard let member = example.inputs.first(where: { $0.name == input.name }) else { return nil }
                return .init(
                    SwiftNaming.plainMemberName(input.name),
                    inputValue(member.value, kind: kinds[input.name] ?? .string))
            }
            var body: [SwiftStatement] = [
                .binding(SwiftBinding("fields", .call(.identifier(typeName), arguments).dot("fields")))
            ]
            for expected in example.expected {
                body.append(
                    ContractTestTranslator.expect(
                        .binary(
                            .subscripted(.identifier("fields"), [.init("field", .string(expected.name))]), "==",
                            .string(RuleEvaluator.text(expected.value) ?? ""))))
            }
            for absent in example.absent {
                body.append(
                    ContractTestTranslator.expect(
                        .binary(
                            .subscripted(.identifier("fields"), [.init("field", .string(absent))]), "==", .nilLiteral)))
            }
            let order = contract.fields.map(\.name).filter { name in
                !example.absent.contains(name)
                    && (example.expected.contains { $0.name == name } || isAlwaysSent(name, contract))
            }
            body.append(
                ContractTestTranslator.expect(
                    .binary(
                        .call(
                            .path("fields", "map"),
                            [.init(.closure(parameters: [], body: [.expression(.path("$0", "name"))]))]), "==",
                        .array(order.map { .string($0) }))))
            return ContractTestTranslator.test(
                "example\(index + 1)", "example at \(example.location) gives exactly its headers, in contract order",
                body: body)
        }
        return ContractTestTranslator.suite(
            typeName + "Tests", title: "Request headers (\(contract.location))", members: members)
    }

    /// Whether the header is sent whatever the inputs (its input is a plain string or boolean).
    static func isAlwaysSent(_ name: String, _ contract: HeaderContractSpec) -> Bool {
        guard let field = contract.fields.first(where: { $0.name == name }),
            let input = contract.inputs.first(where: { $0.name == field.input })
        else { return false }
        return input.kind == .string || input.kind == .boolean
    }

    static func inputValue(_ value: JSONLiteral, kind: HeaderContractSpec.Input.Kind) -> SwiftExpression {
        switch kind {
        case .boolean:
            if case .bool(let flag) = value { return .bool(flag) }
            return .bool(false)
        case .stringList:
            if case .array(let items) = value { return .array(items.map { .string(RuleEvaluator.text($0) ?? "") }) }
            return .array([])
        case .string, .optionalString:
            if case .null = value { return .nilLiteral }
            return .string(RuleEvaluator.text(value) ?? "")
        }
    }
}
