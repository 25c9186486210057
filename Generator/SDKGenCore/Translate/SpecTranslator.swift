import Foundation

/// Turns a loaded spec into the files of its two generated modules: `<Name>API` (models,
/// validators, identifiers, headers, constants, client) and `<Name>ContractTests`.
public enum SpecTranslator {
    /// The files of both modules, keyed by path relative to the output root
    /// (`VoidhashAPI/Models/Person.swift`).
    public static func files(for spec: Spec) -> [String: String] {
        let files = apiFiles(spec) + ContractTestTranslator.files(spec) + ExampleServerTranslator.files(spec)
        let rendered = files.parallelMap { file in
            (file.path, SwiftRenderer.render(file.build()))
        }
        return Dictionary(rendered) { first, _ in first }
    }

    /// The name of the library module generated from `spec`.
    public static func apiModule(_ spec: Spec) -> String { spec.name + "API" }
    /// The name of the test module generated from `spec`.
    public static func testModule(_ spec: Spec) -> String { spec.name + "ContractTests" }
    /// Every module generated from `spec`: the library, the tests, and `<Name>Emulator` (the
    /// server made from the spec) when the spec names no emulator of its own.
    public static func modules(_ spec: Spec) -> [String] {
        [apiModule(spec), testModule(spec)]
            + (ExampleServerTranslator.applies(to: spec) ? [ExampleServerTranslator.module(spec)] : [])
    }

    static func apiFiles(_ spec: Spec) -> [PendingFile] {
        let module = apiModule(spec)
        @Sendable func file(
            _ path: String, imports: [String] = ["Foundation", "SDKRuntime"],
            _ declarations: @escaping @Sendable () -> [SwiftDeclaration]
        ) -> PendingFile {
            PendingFile(path: "\(module)/\(path)") {
                SwiftFile(
                    path: "\(module)/\(path)", specFile: spec.file, imports: imports, declarations: declarations())
            }
        }
        @Sendable func fileName(_ typeName: String) -> String {
            typeName.replacingOccurrences(of: "`", with: "") + ".swift"
        }
        func grouped(
            _ files: [PendingFile], _ folder: String, perFile: Int = FileGrouping.perFile
        ) -> [PendingFile] {
            FileGrouping.group(files, folder: "\(module)/\(folder)", name: folder, perFile: perFile)
        }
        var files: [PendingFile] = []
        let modelNames = Set(spec.models.map(\.name))
        files += grouped(
            spec.models.map { model in
                file("Models/" + fileName(SwiftNaming.typeName(model.name))) {
                    [ModelTranslator.declaration(model, modelNames: modelNames)]
                        + ModelValidationTranslator.declarations(model)
                }
            }, "Models", perFile: FileGrouping.modelsPerFile)
        files += grouped(
            spec.enums.map { enumSpec in
                file("Enums/" + fileName(SwiftNaming.typeName(enumSpec.name))) {
                    [OpenEnumTranslator.declaration(enumSpec)]
                }
            }, "Enums")
        files += grouped(
            spec.rules.map { rule in
                file("Rules/" + fileName(RuleTranslator.typeName(rule))) {
                    [RuleTranslator.declaration(rule, rules: spec.rules)]
                }
            }, "Rules")
        files += grouped(
            spec.identifiers.map { identifier in
                file(
                    "Identifiers/" + fileName(SwiftNaming.typeName(identifier.name)),
                    imports: ["Foundation", "SDKRuntime"] + IdentifierTranslator.extraImports(identifier)
                ) {
                    [IdentifierTranslator.declaration(identifier)]
                }
            }, "Identifiers")
        files.append(file(spec.name + "Constants.swift") { [ConstantsTranslator.declaration(spec)] })
        files.append(file(ErrorCodeTranslator.typeName(spec) + ".swift") { ErrorCodeTranslator.declarations(spec) })
        if let headers = spec.headers {
            files.append(
                file(HeaderTranslator.typeName(spec) + ".swift") { [HeaderTranslator.declaration(headers, spec: spec)] }
            )
        }
        files.append(
            file("Client/" + ClientTranslator.typeName(spec) + ".swift") { [ClientTranslator.clientDeclaration(spec)] })
        files.append(file("Client/\(spec.name)Operation.swift") { [ClientTranslator.operationEnum(spec)] })
        let operations = spec.operations.map { operation in
            file("Client/\(ClientTranslator.typeName(spec))+\(SwiftNaming.typeName(operation.name)).swift") {
                [ClientTranslator.operationDeclaration(operation, spec: spec)]
            }
        }
        files += FileGrouping.group(
            operations, folder: "\(module)/Client", name: ClientTranslator.typeName(spec) + "+Operations")
        return files
    }
}
