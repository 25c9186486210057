import Foundation

/// Turns a loaded spec into the files of its two generated modules: `<Name>API` (models,
/// validators, identifiers, headers, constants, client) and `<Name>ContractTests`.
public enum SpecTranslator {
    /// The files of both modules, keyed by path relative to the output root
    /// (`VoidhashAPI/Models/Person.swift`).
    public static func files(for spec: Spec) -> [String: String] {
        let files = caseDistinct(
            apiFiles(spec) + ContractTestTranslator.files(spec) + ExampleServerTranslator.files(spec))
        let rendered = files.parallelMap { file in
            (file.path, SwiftRenderer.render(file.build()))
        }
        return Dictionary(rendered) { first, _ in first }
    }

    /// `files` with names that differ in more than case within each module: on a file system
    /// that ignores case (the default on macOS and Windows) `Models/Book.swift` and
    /// `Models/BOOK.swift` are one file, and one type would silently be lost; and SwiftPM names a
    /// module's object files after its source files' names alone, so `Enums/Book.swift` and
    /// `Models/BOOK.swift` would write one object file there. A file whose name in lower case an
    /// earlier file of its module has gets `_2` (or the first free number) before its extension.
    static func caseDistinct(_ files: [PendingFile]) -> [PendingFile] {
        func key(_ path: String) -> String {
            let module = path.prefix { $0 != "/" }
            return module + "/" + path.pathName.lowercased()
        }
        var taken = Set(files.map { key($0.path) })
        var seen: Set<String> = []
        return files.map { file in
            guard !seen.insert(key(file.path)).inserted else { return file }
            let dot = file.path.lastIndex(of: ".") ?? file.path.endIndex
            var number = 2
            var path = file.path
            repeat {
                path = file.path[..<dot] + "_\(number)" + file.path[dot...]
                number += 1
            } while !taken.insert(key(path)).inserted
            seen.insert(key(path))
            return PendingFile(path: path, build: file.build)
        }
    }

    /// What follows the API name in the name of its library module.
    static let apiModuleSuffix = "API"
    /// What follows the API name in the name of its contract-test module.
    static let testModuleSuffix = "ContractTests"

    /// Whether `folder` is named as a module of some spec would be (`<Name>API`,
    /// `<Name>ContractTests`, `<Name>Emulator`).
    static func isModuleFolder(_ folder: String) -> Bool {
        [apiModuleSuffix, testModuleSuffix, ExampleServerTranslator.moduleSuffix].contains { suffix in
            folder.count > suffix.count && folder.hasSuffix(suffix)
        }
    }

    /// The name of the library module generated from `spec`.
    public static func apiModule(_ spec: Spec) -> String { spec.name + apiModuleSuffix }
    /// The name of the test module generated from `spec`.
    public static func testModule(_ spec: Spec) -> String { spec.name + testModuleSuffix }
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
        let scale = FileGrouping.scale(for: spec)
        func grouped(
            _ files: [PendingFile], _ folder: String, perFile: Int = FileGrouping.perFile
        ) -> [PendingFile] {
            FileGrouping.group(files, folder: "\(module)/\(folder)", name: folder, perFile: perFile, scale: scale)
        }
        var files: [PendingFile] = []
        let modelNames = Set(spec.models.map(\.name))
        let validated = ModelValidationTranslator.validatedModels(spec)
        files += grouped(
            spec.models.map { model in
                file("Models/" + fileName(SwiftNaming.typeName(model.name))) {
                    [ModelTranslator.declaration(model, modelNames: modelNames)]
                        + ModelValidationTranslator.declarations(model, validated: validated)
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
                [ClientTranslator.operationDeclaration(operation, spec: spec, validated: validated)]
            }
        }
        files += FileGrouping.group(
            operations, folder: "\(module)/Client", name: ClientTranslator.typeName(spec) + "+Operations", scale: scale)
        return files
    }
}
