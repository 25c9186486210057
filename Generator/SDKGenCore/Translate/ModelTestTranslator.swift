/// Contract tests of models, enums and error codes: every example decodes and encodes back,
/// unknown enum values are kept, and error codes keep their status.
enum ModelTestTranslator {
    static func suite(_ model: ModelSpec) -> SwiftDeclaration {
        let type = SwiftType.local(SwiftNaming.typeName(model.name))
        let decode = { (data: SwiftExpression) in
            SwiftExpression.tryExpression(
                .call(.path("decoder", "decode"), [.init(.member(.type(type), "self")), .init("from", data)]),
                optional: false)
        }
        return ContractTestTranslator.suite(
            SwiftNaming.typeName(model.name) + "Tests", title: "Model \(model.name) (\(model.location))",
            members: [
                ContractTestTranslator.test(
                    "exampleRoundTrips", "every example decodes, and encodes back to a value that decodes equal",
                    arguments: .array(model.examples.map { .string($0.value.jsonText) }),
                    parameters: [.init("json", .string)], throwing: true,
                    body: [
                        .binding(SwiftBinding("decoder", .call(.path("SDKRuntime", "JSONCoding", "makeDecoder"), []))),
                        .binding(SwiftBinding("encoder", .call(.path("SDKRuntime", "JSONCoding", "makeEncoder"), []))),
                        .binding(
                            SwiftBinding(
                                "decoded", decode(.call(.type(.foundation("Data")), [.init(.path("json", "utf8"))])))),
                        .binding(
                            SwiftBinding(
                                "encoded",
                                .tryExpression(
                                    .call(.path("encoder", "encode"), [.init(.identifier("decoded"))]), optional: false)
                            )),
                        .binding(SwiftBinding("again", decode(.identifier("encoded")))),
                        ContractTestTranslator.expect(.binary(.identifier("again"), "==", .identifier("decoded"))),
                        ContractTestTranslator.expect(
                            .binary(
                                .tryExpression(
                                    .call(.path("encoder", "encode"), [.init(.identifier("again"))]), optional: false),
                                "==", .identifier("encoded"))),
                    ])
            ])
    }

    static func enumSuite(_ enumSpec: EnumSpec) -> SwiftDeclaration {
        let typeName = SwiftNaming.typeName(enumSpec.name)
        let decoded = SwiftExpression.tryExpression(
            .call(
                .member(.call(.path("SDKRuntime", "JSONCoding", "makeDecoder"), []), "decode"),
                [
                    .init(.member(.type(.local(typeName)), "self")),
                    // The value as a JSON string, escaped by the encoder (a value may hold `"` or `\`);
                    // the `try` before `decode` covers the encoding too.
                    .init(
                        "from",
                        .call(
                            .member(.call(.type(.foundation("JSONEncoder")), []), "encode"),
                            [.init(.identifier("value"))])),
                ]),
            optional: false)
        return ContractTestTranslator.suite(
            typeName + "Tests", title: "Enum \(enumSpec.name) (\(enumSpec.location))",
            members: [
                ContractTestTranslator.test(
                    "knownValueRoundTrips", "every known value decodes to a known case and keeps its raw value",
                    arguments: .array(enumSpec.cases.map { .string($0.value) }), parameters: [.init("value", .string)],
                    throwing: true,
                    body: [
                        .binding(SwiftBinding("decoded", decoded)),
                        ContractTestTranslator.expect(
                            .binary(.identifier("decoded").dot("rawValue"), "==", .identifier("value"))),
                        ContractTestTranslator.expect(
                            .call(.path(typeName, "knownCases", "contains"), [.init(.identifier("decoded"))])),
                    ]),
                ContractTestTranslator.test(
                    "unknownValueIsKept",
                    "a value the contract does not know decodes to unknown and keeps its raw value",
                    arguments: .array([.string("value_from_a_newer_server"), .string(""), .string("ACTIVE")]),
                    parameters: [.init("value", .string)],
                    throwing: true,
                    body: [
                        .binding(SwiftBinding("decoded", decoded)),
                        ContractTestTranslator.expect(
                            .binary(
                                .identifier("decoded"), "==",
                                .call(.path(typeName, "unknown"), [.init(.identifier("value"))]))),
                        ContractTestTranslator.expect(
                            .binary(.identifier("decoded").dot("rawValue"), "==", .identifier("value"))),
                    ]),
            ])
    }

    static func errorCodeSuite(_ spec: Spec) -> SwiftDeclaration {
        let typeName = ErrorCodeTranslator.typeName(spec)
        let code = SwiftExpression.call(.identifier(typeName), [.init("rawValue", .identifier("code"))])
        return ContractTestTranslator.suite(
            typeName + "Tests", title: "Error codes of \(spec.file)",
            members: [
                ContractTestTranslator.test(
                    "codeKeepsStatusAndCategory", "every code keeps its raw value, status and category",
                    arguments: .cast(
                        .array(
                            spec.errors.map {
                                .tuple([
                                    .string($0.code), .integer(Int64($0.status)),
                                    .path("SDKRuntime", "APIError", "Category", $0.category.rawValue),
                                ])
                            }),
                        .array(.tuple([.string, .int, .named(["SDKRuntime", "APIError", "Category"])]))),
                    parameters: [
                        .init("code", .string), .init("status", .int),
                        .init("category", .named(["SDKRuntime", "APIError", "Category"])),
                    ],
                    body: [
                        ContractTestTranslator.expect(.binary(code.dot("rawValue"), "==", .identifier("code"))),
                        ContractTestTranslator.expect(.binary(code.dot("status"), "==", .identifier("status"))),
                        ContractTestTranslator.expect(.binary(code.dot("category"), "==", .identifier("category"))),
                    ]),
                ContractTestTranslator.test(
                    "unknownCodeIsKept", "an unknown code is kept as it was sent",
                    body: [
                        ContractTestTranslator.expect(
                            .binary(
                                .call(.identifier(typeName), [.init("rawValue", .string("SOMETHING_NEW"))]), "==",
                                .call(.path(typeName, "unknown"), [.init(.string("SOMETHING_NEW"))])))
                    ]),
            ])
    }
}
