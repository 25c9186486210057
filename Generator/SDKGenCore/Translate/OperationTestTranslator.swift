/// Contract tests of operations: every example is sent through the generated client and the
/// real `URLSessionTransport` to the API's emulator on loopback (the hand-written one the spec
/// names, or else the server made from the spec), and the answer is checked against the spec
/// (success, or the expected status and error code).
enum OperationTestTranslator {
    static func suite(_ spec: Spec, emulator: String?) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = []
        for operation in spec.operations {
            for (index, example) in operation.examples.enumerated() {
                members.append(test(operation, example, index: index + 1, spec: spec, emulator: emulator))
            }
        }
        // A spec with an emulator of its own promises an example for every operation; the
        // server made from a spec answers whatever examples there are.
        if emulator != nil {
            members.append(everyOperationHasAnExample(spec))
        }
        return ContractTestTranslator.suite(
            suiteName(spec), title: "Operations of \(spec.file) against the emulator", members: members)
    }

    /// The name of the suite of `spec`'s operation examples.
    static func suiteName(_ spec: Spec) -> String { spec.name + "OperationTests" }

    static func everyOperationHasAnExample(_ spec: Spec) -> SwiftDeclaration {
        ContractTestTranslator.test(
            "everyOperationHasAnExample", "every operation of the spec has an example sent to the emulator",
            body: [
                ContractTestTranslator.expect(
                    .binary(
                        .call(
                            .type(.generic(["Swift", "Set"], [.string])),
                            [
                                .init(
                                    .call(
                                        .path("\(spec.name)Operation", "allCases", "map"),
                                        [
                                            .init(
                                                .closure(
                                                    parameters: [], body: [.expression(.path("$0", "pathTemplate"))]
                                                ))
                                        ]))
                            ]),
                        "==",
                        .call(
                            .type(.generic(["Swift", "Set"], [.string])),
                            [
                                .init(
                                    .array(spec.operations.filter { !$0.examples.isEmpty }.map { .string($0.path) })
                                )
                            ])))
            ])
    }

    static func test(
        _ operation: OperationSpec, _ example: OperationSpec.Example, index: Int, spec: Spec, emulator: String?
    ) -> SwiftDeclaration {
        var arguments: [SwiftArgument] = []
        for parameter in operation.parameters {
            guard let value = example.sentParameters.first(where: { $0.name == parameter.name })?.value else {
                continue
            }
            let expression: SwiftExpression =
                switch (parameter.type.unwrapped, value) {
                case (.integer, .number(let text)): .number(text)
                case (.boolean, .bool(let flag)): .bool(flag)
                default: .string(RuleEvaluator.text(value) ?? "")
                }
            arguments.append(.init(ClientTranslator.argumentLabel(parameter.name, of: operation), expression))
        }
        var body: [SwiftStatement] = [
            .binding(
                SwiftBinding(
                    "client", .call(.identifier(ClientTranslator.typeName(spec)), [.init("core", .identifier("core"))]))
            )
        ]
        if let model = operation.requestBody, let json = example.body {
            body.append(
                .binding(
                    SwiftBinding(
                        "body",
                        .tryExpression(
                            .call(
                                .member(.call(.path("SDKRuntime", "JSONCoding", "makeDecoder"), []), "decode"),
                                [
                                    .init(.member(.type(.local(SwiftNaming.typeName(model))), "self")),
                                    .init(
                                        "from",
                                        .call(
                                            .type(.foundation("Data")), [.init(.member(.string(json.jsonText), "utf8"))]
                                        )),
                                ]),
                            optional: false))))
            arguments.append(.init("body", .identifier("body")))
        }
        if operation.sendsIdempotencyKey {
            arguments.append(.init("idempotencyKey", .string("contract-\(operation.name)-\(index)")))
        }
        let call = SwiftExpression.tryExpression(
            .awaitExpression(.call(.path("client", SwiftNaming.memberName(operation.name)), arguments)), optional: false
        )
        body.append(
            .returnStatement(
                .awaitExpression(
                    .call(
                        .path("SDKRuntime", "APIOutcome", "of"),
                        [.init(.closure(parameters: [], body: [.expression(call)]))]))))
        var statements: [SwiftStatement] = [
            .binding(
                SwiftBinding(
                    "outcome",
                    .tryExpression(
                        .awaitExpression(
                            withContractClient(emulator, spec: spec, .closure(parameters: ["core"], body: body))),
                        optional: false)))
        ]
        if (200..<300).contains(example.status) {
            statements.append(ContractTestTranslator.expect(.binary(.path("outcome", "error"), "==", .nilLiteral)))
        } else {
            statements.append(
                ContractTestTranslator.expect(
                    .binary(
                        .member(.optionalChain(.path("outcome", "error")), "status"), "==",
                        .integer(Int64(example.status)))))
            if let code = example.errorCode {
                statements.append(
                    ContractTestTranslator.expect(
                        .binary(.member(.optionalChain(.path("outcome", "error")), "code"), "==", .string(code))))
            }
        }
        return ContractTestTranslator.test(
            SwiftNaming.plainMemberName(operation.name) + "Example\(index)",
            "\(operation.name): \(example.name) (\(example.location))",
            throwing: true, async: true, body: statements)
    }
}
