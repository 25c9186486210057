import Foundation
import SDKGenCore
import TestSupport
import Testing

/// Spec types named like types of the modules generated code imports: the standard library's
/// names are renamed (a module declaring `Void` would shadow Swift's for its users), and the
/// contract tests write every API type with its module (`DemoAPI.Tag`), so Swift Testing's,
/// Foundation's and SDKRuntime's names never make a reference ambiguous.
@Suite("Type names that clash with imported modules", .timeLimit(.minutes(3)))
struct TypeNameClashTests {
    static let spec = """
        sdkgen: 1
        api: {name: Demo, version: 1.0.0}
        models:
          Tag: {properties: {}, examples: [{}]}
          Void: {properties: {}, examples: [{}]}
          JSONValue: {properties: {}, examples: [{}]}
        """

    @Test("the contract tests qualify API types; standard-library names get a trailing _")
    func testsQualifyAPITypes() throws {
        let files = Generate.files(Self.spec, file: "Spec/demo.yaml").files
        let tests = try #require(files["DemoContractTests/Models/TagTests.swift"])
        #expect(tests.contains("decoder.decode(DemoAPI.Tag.self"))
        #expect(files["DemoAPI/Models/Void_.swift"] != nil)
        #expect(files["DemoContractTests/Models/Void_Tests.swift"]?.contains("DemoAPI.Void_.self") == true)
        #expect(files["DemoContractTests/Models/JSONValueTests.swift"]?.contains("DemoAPI.JSONValue.self") == true)
        #expect(SwiftNaming.typeName("Result") == "Result_")
        #expect(SwiftNaming.typeName("Tag") == "Tag")
    }

    @Test("a type named like a generated module is refused")
    func moduleNamesAreRefused() {
        let text = Self.spec + "\n  DemoAPI: {properties: {}}\n"
        #expect(
            Generate.diagnostics(text, file: "demo.yaml").contains { $0.contains("a name the generator uses itself") })
    }

    @Test(
        "the standard library's list holds every public type name of the toolchain's Swift module (its macros, such as DebugDescription, are not types a module could shadow)",
        .enabled(if: PublicTypeNames.isAvailable, "swift-symbolgraph-extract is not installed"))
    func standardLibraryListIsComplete() async throws {
        let names = try await offPool { try PublicTypeNames.names(of: "Swift", macros: false) }
        #expect(names.count > 200)
        #expect(names.subtracting(SwiftNaming.standardLibraryTypeNames).sorted() == [])
    }
}
