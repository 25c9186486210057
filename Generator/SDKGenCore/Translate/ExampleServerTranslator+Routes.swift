/// The route of one operation on the server made from the spec.
extension ExampleServerTranslator {
    static func routeDeclaration(_ operation: OperationSpec, spec: Spec, validated: Set<String>) -> SwiftDeclaration {
        let refusalCode =
            operation.errors.first { code in spec.errors.contains { $0.code == code && $0.status == 400 } }
            ?? "INVALID_ARGUMENT"
        let route = SwiftExpression.call(
            .type(.named(["SDKEmulator", "ExampleRoute"])),
            [
                .init("name", .string(operation.name)),
                .init("method", .string(operation.method)), .init("path", .string(operation.path)),
                .init("refusal", .tuple([.integer(400), .string(refusalCode)])),
                .init("answers", .array(operation.examples.map { answer($0, operation: operation, spec: spec) })),
                .init(
                    "check",
                    .closure(
                        parameters: ["request", "parameters"], body: checks(operation, spec: spec, validated: validated)
                    )),
            ])
        return .type(
            SwiftTypeDeclaration(
                doc: [], kind: .extension, name: typeName(spec),
                members: [
                    .function(
                        SwiftFunction(
                            doc: DocComment.lines(
                                "The route of \(operation.name): its examples, and the checks its requests pass first.",
                                from: operation.location),
                            isStatic: true, name: routeFunction(operation),
                            returnType: .named(["SDKEmulator", "ExampleRoute"]), body: [.returnStatement(route)]))
                ]))
    }

    /// Whether the route's `check` can refuse a request the generated client sends, so that the
    /// server answers it `400 INVALID_ARGUMENT`: its checks hold more than the final `return nil`
    /// and the idempotency-key check (the client never sends a change without a key). A body is
    /// always checked, whether its model has rules or not, so `validated` does not matter here.
    static func canRefuse(_ operation: OperationSpec, spec: Spec) -> Bool {
        checks(operation, spec: spec, validated: []).count > (operation.sendsIdempotencyKey ? 2 : 1)
    }

    /// The checks of the route's `check` closure, each returning why a request is refused;
    /// `validated` is `ModelValidationTranslator.validatedModels(spec)`.
    static func checks(_ operation: OperationSpec, spec: Spec, validated: Set<String>) -> [SwiftStatement] {
        var statements: [SwiftStatement] = []
        let refuse = { (reason: SwiftExpression) in SwiftStatement.returnStatement(reason) }
        if operation.sendsIdempotencyKey {
            statements.append(
                .ifStatement(
                    [.expression(.binary(.path("request", "idempotencyKey"), "==", .nilLiteral))],
                    then: [refuse(.string("the Idempotency-Key header is missing or blank"))], else: nil))
        }
        for parameter in operation.parameters {
            let value: SwiftExpression =
                parameter.placement == .path
                ? .subscripted(.identifier("parameters"), [.init(nil, .string(parameter.name))])
                : .call(.path("request", "queryValue"), [.init(nil, .string(parameter.name))])
            if parameter.placement == .query, !parameter.type.isOptional {
                statements.append(
                    .ifStatement(
                        [.expression(.binary(value, "==", .nilLiteral))],
                        then: [refuse(.string("\(parameter.name) is missing"))], else: nil))
            }
            switch parameter.type.unwrapped {
            case .integer:
                statements.append(
                    .ifStatement(
                        [
                            .optionalBinding("value", value),
                            .expression(
                                .binary(
                                    .call(.type(.swift("Int64")), [.init(nil, .identifier("value"))]), "==", .nilLiteral
                                )),
                        ], then: [refuse(.string("\(parameter.name) must be a whole number"))], else: nil))
            case .boolean:
                statements.append(
                    .ifStatement(
                        [
                            .optionalBinding("value", value),
                            .expression(
                                .binary(
                                    .call(.type(.swift("Bool")), [.init(nil, .identifier("value"))]), "==", .nilLiteral)
                            ),
                        ], then: [refuse(.string("\(parameter.name) must be true or false"))], else: nil))
            default: break
            }
            if let rule = parameter.rule {
                statements.append(
                    .ifStatement(
                        [
                            .optionalBinding("value", value),
                            .optionalBinding(
                                "violation",
                                .call(
                                    .path(RuleTranslator.typeName(ofRule: rule), "validate"),
                                    [.init(nil, .identifier("value"))])),
                        ],
                        then: [refuse(.binary(.string("\(parameter.name) "), "+", .path("violation", "message")))],
                        else: nil))
            }
        }
        if let name = operation.requestBody, let model = spec.models.first(where: { $0.name == name }) {
            let decoded = SwiftExpression.tryExpression(
                .call(
                    .member(.call(.path("SDKRuntime", "JSONCoding", "makeDecoder"), []), "decode"),
                    [
                        .init(nil, .member(.type(.local(SwiftNaming.typeName(name))), "self")),
                        .init("from", .path("request", "body")),
                    ]),
                optional: true)
            let refusal = refuse(.string("the body is not a valid \(name)"))
            if validated.contains(model.name) {
                statements.append(.guardStatement([.optionalBinding("body", decoded)], else: [refusal]))
                statements.append(
                    .ifStatement(
                        [.optionalBinding("violation", .member(.call(.path("body", "violations"), []), "first"))],
                        then: [refuse(.path("violation", "description"))], else: nil))
            } else {
                statements.append(
                    .ifStatement([.expression(.binary(decoded, "==", .nilLiteral))], then: [refusal], else: nil))
            }
        }
        statements.append(.returnStatement(.nilLiteral))
        return statements
    }

    /// The answer of one example: its status with the response model's first example, or
    /// its error code.
    static func answer(_ example: OperationSpec.Example, operation: OperationSpec, spec: Spec) -> SwiftExpression {
        var arguments: [SwiftArgument] = [.init("name", .string(example.name))]
        let parameters = example.sentParameters.compactMap { member in
            RuleEvaluator.text(member.value).map { SwiftDictionaryEntry(.string(member.name), .string($0)) }
        }
        if !parameters.isEmpty { arguments.append(.init("parameters", .dictionary(parameters))) }
        if let model = operation.requestBody, let body = example.body {
            arguments.append(
                .init(
                    "body",
                    .call(
                        .path("SDKEmulator", "ExampleAnswer", "body"),
                        [
                            .init(nil, .member(.type(.local(SwiftNaming.typeName(model))), "self")),
                            .init("equalTo", .string(body.jsonText)),
                        ])))
        }
        let response: SwiftExpression
        let emulatorResponse = SwiftExpression.path("SDKEmulator", "EmulatorResponse")
        if !(200..<300).contains(example.status) {
            response = .call(
                emulatorResponse.dot("error"),
                [
                    .init("status", .integer(Int64(example.status))),
                    .init("code", .string(example.errorCode ?? "ERROR")),
                    .init("message", .string("The answer of example '\(example.name)'.")),
                ])
        } else if let name = operation.responseBody,
            // The loader refuses a successful example whose response model has no example.
            let json = spec.models.first(where: { $0.name == name })?.examples.first
        {
            response = .call(
                .path("SDKEmulator", "ExampleAnswer", "json"),
                [.init(nil, .string(json.value.jsonText)), .init("status", .integer(Int64(example.status)))])
        } else {
            response = .call(emulatorResponse.dot("empty"), [.init(nil, .integer(Int64(example.status)))])
        }
        arguments.append(.init("response", response))
        return .call(.type(.named(["SDKEmulator", "ExampleAnswer"])), arguments)
    }
}
