import Foundation
import SDKGenCore
import Testing

/// Spec types named like types of the modules generated code imports: the standard library's
/// names are renamed (a module declaring `Void` would shadow Swift's for its users), and the
/// contract tests write every API type with its module (`DemoAPI.Tag`), so Swift Testing's,
/// Foundation's and SDKRuntime's names never make a reference ambiguous.
@Suite("Type names that clash with imported modules", .timeLimit(.minutes(1)))
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

    /// The swift-symbolgraph-extract of the toolchain, if there is one.
    static let symbolGraphTool: URL? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (paths + ["/opt/swift/usr/bin"]).map {
            URL(fileURLWithPath: $0).appendingPathComponent("swift-symbolgraph-extract")
        }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test(
        "the standard library's list holds every public type name of the toolchain's Swift module",
        .enabled(if: symbolGraphTool != nil, "swift-symbolgraph-extract is not installed"))
    func standardLibraryListIsComplete() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-sg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = Self.symbolGraphTool
        #if arch(x86_64)
            let target = "x86_64-unknown-linux-gnu"
        #else
            let target = "aarch64-unknown-linux-gnu"
        #endif
        process.arguments = [
            "-module-name", "Swift", "-target", target, "-output-dir", folder.path, "-minimum-access-level", "public",
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let data = try Data(contentsOf: folder.appendingPathComponent("Swift.symbols.json"))
        let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(graph["symbols"] as? [[String: Any]])
        let kinds: Set = ["swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias"]
        var names: Set<String> = []
        for symbol in symbols {
            guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, kinds.contains(kind),
                let path = symbol["pathComponents"] as? [String], path.count == 1, let name = path.first,
                SwiftNaming.isTypeIdentifier(name)
            else { continue }
            names.insert(name)
        }
        #expect(names.count > 200)
        #expect(names.subtracting(SwiftNaming.standardLibraryTypeNames).sorted() == [])
    }
}
