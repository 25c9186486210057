/// Turns the spec's examples, and the edge cases its limits imply, into Swift Testing suites of
/// the `<Name>ContractTests` module.
enum ContractTestTranslator {
    /// Whether the module has `<Name>OperationTests`: the operation examples sent to the spec's
    /// emulator, or to the server made from the spec when there are examples.
    static func hasOperationSuite(_ spec: Spec) -> Bool {
        spec.emulator != nil
            || (ExampleServerTranslator.applies(to: spec) && spec.operations.contains { !$0.examples.isEmpty })
    }

    /// Whether the module has `<Name>OpenAPITests`: the document's checks live in SDKEmulator,
    /// which only a hand-written emulator's test target depends on.
    static func hasOpenAPISuite(_ spec: Spec) -> Bool { spec.emulator != nil }

    /// Whether any generated file of the spec imports SDKEmulator beside the API module: these
    /// two suites, and the server made from the spec.
    static func importsSDKEmulator(_ spec: Spec) -> Bool {
        hasOperationSuite(spec) || hasOpenAPISuite(spec) || ExampleServerTranslator.applies(to: spec)
    }

    /// The suites not named `<Type>Tests` after a type of the API module, with what each holds.
    static func otherSuites(_ spec: Spec) -> [String: String] {
        var suites: [String: String] = [:]
        if hasOperationSuite(spec) {
            suites[OperationTestTranslator.suiteName(spec)] = "the suite of the operations' examples"
        }
        if hasOpenAPISuite(spec) {
            suites[OpenAPIContractTestTranslator.suiteName(spec)] = "the suite of the OpenAPI document"
        }
        for model in spec.models where ModelValidationTestTranslator.applies(to: model) {
            suites[ModelValidationTestTranslator.suiteName(model)] = "the suite of model '\(model.name)''s member rules"
        }
        return suites
    }

    /// The spec's types that get a suite `<Type>Tests`: every rule, enum and identifier, and
    /// each model with an example.
    static func typesWithSuites(_ spec: Spec) -> [(name: String, swift: String, location: SourceLocation)] {
        spec.rules.map { ($0.name, RuleTranslator.typeName($0), $0.location) }
            + spec.models.filter { !$0.examples.isEmpty }.map { ($0.name, SwiftNaming.typeName($0.name), $0.location) }
            + spec.enums.map { ($0.name, SwiftNaming.typeName($0.name), $0.location) }
            + spec.identifiers.map { ($0.name, SwiftNaming.typeName($0.name), $0.location) }
    }

    static func files(_ spec: Spec) -> [PendingFile] {
        let module = SpecTranslator.testModule(spec)
        let imports = ["Foundation", "SDKRuntime", "Testing", SpecTranslator.apiModule(spec)]
        let qualification = APITypeNames.qualification(spec)
        @Sendable func file(
            _ path: String, imports: [String] = imports, _ declaration: @escaping @Sendable () -> SwiftDeclaration
        ) -> PendingFile {
            PendingFile(path: "\(module)/\(path)") {
                SwiftFile(
                    path: "\(module)/\(path)", specFile: spec.file, imports: imports, declarations: [declaration()],
                    qualification: qualification)
            }
        }
        let scale = FileGrouping.scale(for: spec)
        func grouped(_ files: [PendingFile], _ folder: String) -> [PendingFile] {
            FileGrouping.group(files, folder: "\(module)/\(folder)", name: folder + "Tests", scale: scale)
        }
        var files: [PendingFile] = []
        files += grouped(
            spec.rules.map { rule in
                file("Rules/\(RuleTranslator.typeName(rule))Tests.swift") {
                    RuleTestTranslator.suite(rule, rules: spec.rules)
                }
            }, "Rules")
        files += grouped(
            spec.models.filter { !$0.examples.isEmpty }.map { model in
                file("Models/\(SwiftNaming.typeName(model.name))Tests.swift") { ModelTestTranslator.suite(model) }
            }, "Models")
        files += grouped(
            spec.models.filter(ModelValidationTestTranslator.applies).map { model in
                file("MemberRules/\(SwiftNaming.typeName(model.name))MemberRuleTests.swift") {
                    ModelValidationTestTranslator.suite(model, rules: spec.rules)
                }
            }, "MemberRules")
        files += grouped(
            spec.enums.map { enumSpec in
                file("Enums/\(SwiftNaming.typeName(enumSpec.name))Tests.swift") {
                    ModelTestTranslator.enumSuite(enumSpec)
                }
            }, "Enums")
        files += grouped(
            spec.identifiers.map { identifier in
                file("Identifiers/\(SwiftNaming.typeName(identifier.name))Tests.swift") {
                    IdentifierTestTranslator.suite(identifier)
                }
            }, "Identifiers")
        if let headers = spec.headers, !headers.examples.isEmpty {
            files.append(
                file("\(HeaderTranslator.typeName(spec))Tests.swift") {
                    HeaderTestTranslator.suite(headers, spec: spec)
                })
        }
        files.append(
            file("\(ErrorCodeTranslator.typeName(spec))Tests.swift") { ModelTestTranslator.errorCodeSuite(spec) })
        if hasOperationSuite(spec) {
            let server = spec.emulator == nil ? [ExampleServerTranslator.module(spec)] : []
            files.append(
                file("\(spec.name)OperationTests.swift", imports: imports + ["SDKEmulator"] + server) {
                    OperationTestTranslator.suite(spec, emulator: spec.emulator)
                })
        }
        if hasOpenAPISuite(spec) {
            files.append(
                file("\(spec.name)OpenAPITests.swift", imports: imports + ["SDKEmulator"]) {
                    OpenAPIContractTestTranslator.suite(spec)
                })
        }
        return files
    }

    /// The longest a generated test may run, in minutes: every contract test is a few
    /// computations or one loopback request, so one that waits longer is broken. Three, not one:
    /// a full `swift test` starts every test of a package at once, and on two cores a test's wall
    /// time includes its wait for the others (up to a minute in CI), which is not a hang.
    static let suiteTimeLimitMinutes: Int64 = 3

    /// `@Suite("title", .timeLimit(.minutes(3)))`.
    static func suiteAttribute(_ title: String) -> SwiftAttribute {
        let limit = SwiftExpression.call(
            .member(nil, "timeLimit"), [.init(.call(.member(nil, "minutes"), [.init(.integer(suiteTimeLimitMinutes))]))]
        )
        return SwiftAttribute("Suite", [.init(.string(title)), .init(limit)])
    }

    /// `@Test("title")` or `@Test("title", arguments: values)`.
    static func testAttribute(_ title: String, arguments: SwiftExpression? = nil) -> SwiftAttribute {
        SwiftAttribute("Test", [.init(.string(title))] + (arguments.map { [.init("arguments", $0)] } ?? []))
    }

    /// `#expect(condition)`.
    static func expect(_ condition: SwiftExpression) -> SwiftStatement {
        .expression(.macro("expect", [.init(condition)]))
    }

    /// A test suite struct.
    static func suite(_ name: String, title: String, members: [SwiftDeclaration]) -> SwiftDeclaration {
        .type(
            SwiftTypeDeclaration(
                doc: [], attributes: [suiteAttribute(title)], access: .internal, kind: .structure, name: name,
                members: members))
    }

    /// A test function.
    static func test(
        _ name: String, _ title: String, arguments: SwiftExpression? = nil, parameters: [SwiftFunction.Parameter] = [],
        throwing: Bool = false, async isAsync: Bool = false, body: [SwiftStatement]
    ) -> SwiftDeclaration {
        .function(
            SwiftFunction(
                doc: [], attributes: [testAttribute(title, arguments: arguments)], access: .internal, name: name,
                parameters: parameters,
                isAsync: isAsync, throwsType: throwing ? .some(nil) : nil, body: body))
    }
}
