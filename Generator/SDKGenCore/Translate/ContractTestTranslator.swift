/// Turns the spec's examples, and the edge cases its limits imply, into Swift Testing suites of
/// the `<Name>ContractTests` module.
enum ContractTestTranslator {
    static func files(_ spec: Spec) -> [SwiftFile] {
        let module = SpecTranslator.testModule(spec)
        @Sendable func file(_ path: String, _ declaration: SwiftDeclaration) -> SwiftFile {
            SwiftFile(
                path: "\(module)/\(path)", specFile: spec.file,
                imports: ["Foundation", "SDKRuntime", "Testing", SpecTranslator.apiModule(spec)], declarations: [declaration])
        }
        func grouped(_ files: [SwiftFile], _ folder: String) -> [SwiftFile] {
            FileGrouping.group(files, folder: "\(module)/\(folder)", name: folder + "Tests")
        }
        var files: [SwiftFile] = []
        files += grouped(spec.rules.parallelMap { file("Rules/\(RuleTranslator.typeName($0))Tests.swift", RuleTestTranslator.suite($0, rules: spec.rules)) }, "Rules")
        files += grouped(spec.models.filter { !$0.examples.isEmpty }.parallelMap { file("Models/\(SwiftNaming.typeName($0.name))Tests.swift", ModelTestTranslator.suite($0)) }, "Models")
        files += grouped(spec.enums.map { file("Enums/\(SwiftNaming.typeName($0.name))Tests.swift", ModelTestTranslator.enumSuite($0)) }, "Enums")
        files += grouped(spec.identifiers.map { file("Identifiers/\(SwiftNaming.typeName($0.name))Tests.swift", IdentifierTestTranslator.suite($0)) }, "Identifiers")
        if let headers = spec.headers, !headers.examples.isEmpty {
            files.append(file("\(HeaderTranslator.typeName(spec))Tests.swift", HeaderTestTranslator.suite(headers, spec: spec)))
        }
        files.append(file("\(ErrorCodeTranslator.typeName(spec))Tests.swift", ModelTestTranslator.errorCodeSuite(spec)))
        if let emulator = spec.emulator {
            var operations = file("\(spec.name)OperationTests.swift", OperationTestTranslator.suite(spec, emulator: emulator))
            operations.imports.insert("SDKEmulator", at: 1)
            files.append(operations)
        }
        return files
    }

    /// `@Suite("title")`.
    static func suiteAttribute(_ title: String) -> SwiftAttribute {
        SwiftAttribute("Suite", [.init(.string(title))])
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
        .type(SwiftTypeDeclaration(doc: [], attributes: [suiteAttribute(title)], access: .internal, kind: .structure, name: name, members: members))
    }

    /// A test function.
    static func test(
        _ name: String, _ title: String, arguments: SwiftExpression? = nil, parameters: [SwiftFunction.Parameter] = [],
        throwing: Bool = false, async isAsync: Bool = false, body: [SwiftStatement]
    ) -> SwiftDeclaration {
        .function(
            SwiftFunction(
                doc: [], attributes: [testAttribute(title, arguments: arguments)], access: .internal, name: name, parameters: parameters,
                isAsync: isAsync, throwsType: throwing ? .some(nil) : nil, body: body))
    }
}
