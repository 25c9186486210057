/// The contract tests of the generated client against its exported OpenAPI document: every
/// response example the document lists decodes with the client's model (error examples give the
/// client their code), and every request body example of the spec, decoded into its model and
/// encoded again, conforms to the document's schema (`SDKEmulator.OpenAPIDocument` reads the
/// document beside the test module and checks the schema).
enum OpenAPIContractTestTranslator {
    /// The name of the suite of `spec`'s OpenAPI document.
    static func suiteName(_ spec: Spec) -> String { spec.name + "OpenAPITests" }

    /// The suite `<Name>OpenAPITests`.
    static func suite(_ spec: Spec) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = []
        for operation in spec.operations {
            if let model = operation.responseBody {
                let count = spec.models.first { $0.name == model }?.examples.count ?? 0
                members.append(
                    responseTest(operation, status: operation.successStatus, model: model, count: count, spec: spec))
            }
            let statuses = Set(operation.errors.compactMap { code in spec.errors.first { $0.code == code }?.status })
            if !statuses.isEmpty { members.append(errorTest(operation, statuses: statuses.sorted(), spec: spec)) }
            let bodies = operation.examples.compactMap(\.body)
            if let model = operation.requestBody, !bodies.isEmpty {
                members.append(requestTest(operation, model: model, bodies: bodies, spec: spec))
            }
        }
        return ContractTestTranslator.suite(
            suiteName(spec),
            title: "The OpenAPI document \(OpenAPIExporter.path(for: spec)) and the client's models",
            members: members)
    }

    private static func document(_ spec: Spec) -> SwiftStatement {
        .binding(
            SwiftBinding(
                "document",
                .tryExpression(
                    .call(
                        .path("SDKEmulator", "OpenAPIDocument"),
                        [.init("named", .string(spec.name)), .init("near", .identifier("#filePath"))]),
                    optional: false)))
    }

    private static func examples(_ operation: OperationSpec, status: Int) -> SwiftStatement {
        .binding(
            SwiftBinding(
                "examples",
                .call(
                    .path("document", "responseExamples"),
                    [.init("operationId", .string(operation.name)), .init("status", .integer(Int64(status)))])))
    }

    private static func responseTest(
        _ operation: OperationSpec, status: Int, model: String, count: Int, spec: Spec
    ) -> SwiftDeclaration {
        let type = SwiftType.local(SwiftNaming.typeName(model))
        return ContractTestTranslator.test(
            SwiftNaming.memberName(operation.name + "Response\(status)Examples"),
            "\(operation.name) \(status): every response example of the document decodes as \(model)", throwing: true,
            body: [
                document(spec), examples(operation, status: status),
                ContractTestTranslator.expect(.binary(.path("examples", "count"), "==", .integer(Int64(count)))),
                .forIn(
                    "example", .identifier("examples"),
                    [
                        .assignment(
                            .identifier("_"), "=",
                            .tryExpression(
                                .call(
                                    .member(.call(.path("SDKRuntime", "JSONCoding", "makeDecoder"), []), "decode"),
                                    [.init(.member(.type(type), "self")), .init("from", .identifier("example"))]),
                                optional: false))
                    ]),
            ])
    }

    private static func errorTest(_ operation: OperationSpec, statuses: [Int], spec: Spec) -> SwiftDeclaration {
        let error = SwiftExpression.call(
            .path("SDKRuntime", "APIClient", "error"),
            [
                .init(
                    "for",
                    .call(
                        .type(.runtime("HTTPResponse")),
                        [.init("status", .identifier("status")), .init("body", .identifier("example"))])),
                .init("now", .call(.type(.foundation("Date")), [])),
            ])
        let codeType = ErrorCodeTranslator.typeName(spec)
        let codeStatus = SwiftExpression.member(
            .call(
                .type(.local(codeType)),
                [.init("rawValue", .binary(.member(.optionalChain(.identifier("error")), "code"), "??", .string("")))]),
            "status")
        return ContractTestTranslator.test(
            SwiftNaming.memberName(operation.name + "ErrorExamples"),
            "\(operation.name): every error example of the document gives the client its status and a code of that status",
            arguments: .array(statuses.map { .integer(Int64($0)) }), parameters: [.init("status", .swift("Int"))],
            throwing: true,
            body: [
                document(spec),
                .binding(
                    SwiftBinding(
                        "examples",
                        .call(
                            .path("document", "responseExamples"),
                            [.init("operationId", .string(operation.name)), .init("status", .identifier("status"))]))),
                ContractTestTranslator.expect(.prefix("!", .path("examples", "isEmpty"))),
                .forIn(
                    "example", .identifier("examples"),
                    [
                        .binding(SwiftBinding("error", error)),
                        ContractTestTranslator.expect(
                            .binary(
                                .member(.optionalChain(.identifier("error")), "status"), "==", .identifier("status"))),
                        ContractTestTranslator.expect(.binary(codeStatus, "==", .identifier("status"))),
                    ]),
            ])
    }

    private static func requestTest(
        _ operation: OperationSpec, model: String, bodies: [JSONLiteral], spec: Spec
    ) -> SwiftDeclaration {
        let type = SwiftType.local(SwiftNaming.typeName(model))
        let decoded = SwiftExpression.tryExpression(
            .call(
                .member(.call(.path("SDKRuntime", "JSONCoding", "makeDecoder"), []), "decode"),
                [
                    .init(.member(.type(type), "self")),
                    .init("from", .call(.type(.foundation("Data")), [.init(.path("json", "utf8"))])),
                ]),
            optional: false)
        let encoded = SwiftExpression.tryExpression(
            .call(.member(.call(.path("SDKRuntime", "JSONCoding", "makeEncoder"), []), "encode"), [.init(decoded)]),
            optional: false)
        return ContractTestTranslator.test(
            SwiftNaming.memberName(operation.name + "RequestExamples"),
            "\(operation.name): every request body example of the spec, encoded by \(model), conforms to the document",
            arguments: .array(bodies.map { .string($0.jsonText) }), parameters: [.init("json", .string)],
            throwing: true,
            body: [
                document(spec),
                .binding(SwiftBinding("encoded", encoded)),
                ContractTestTranslator.expect(
                    .binary(
                        .call(
                            .path("document", "requestBodyProblems"),
                            [.init("operationId", .string(operation.name)), .init("body", .identifier("encoded"))]),
                        "==", .array([]))),
            ])
    }
}
