import Foundation
import SDKGenCore
import Testing

/// sdkgen removes only files that carry its own header for a spec of the run (or for a spec
/// that no longer exists); every other file in an output folder is kept and reported.
@Suite("Output ownership", .timeLimit(.minutes(3)))
struct OutputOwnershipTests {
    static func temporaryRoot() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-own-\(UUID().uuidString)")
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The sync of a run like `sdkgen SPEC --output ROOT` for the spec `text`, written to
    /// `specFile` first.
    static func outputRun(_ text: String, specFile: URL, root: URL) throws -> OutputSync {
        try write(text, to: specFile)
        let result = GeneratorRun.run(specPaths: [specFile.path])
        return OutputSync(root: root, ownedFolders: result.outputFolders, files: result.files)
    }

    static let spec = "sdkgen: 1\napi: {name: Demo, version: 1.0.0}\nenums:\n  Color: {values: [red]}\n"

    @Test("a hand-written Helpers.swift survives every run and is reported", arguments: [false, true])
    func handWrittenFileSurvives(wholeRoot: Bool) throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = Generate.files(Self.spec, file: "Spec/demo.yaml").files
        let folders = wholeRoot ? nil : ["DemoAPI", "DemoContractTests"]
        let first = OutputSync(root: root, ownedFolders: folders, files: files)
        try first.apply(first.changes())
        let helper = root.appendingPathComponent("DemoAPI/Helpers.swift")
        try Self.write("extension Color {}\n", to: helper)
        let nested = root.appendingPathComponent("DemoAPI/Enums/Notes.md")
        try Self.write("# notes\n", to: nested)

        for _ in 0..<2 {
            let fewer = files.filter { !$0.key.hasSuffix("Color.swift") }
            let sync = OutputSync(root: root, ownedFolders: folders, files: fewer)
            let changes = sync.changes()
            #expect(changes.foreign == ["DemoAPI/Enums/Notes.md", "DemoAPI/Helpers.swift"])
            #expect(changes.orphaned.allSatisfy { $0.hasSuffix("Color.swift") })
            try sync.apply(changes)
            #expect(try String(contentsOf: helper, encoding: .utf8) == "extension Color {}\n")
            #expect(FileManager.default.fileExists(atPath: nested.path))
        }
    }

    @Test("a generated file that would replace a hand-written one stops the run before any write")
    func conflictWritesNothing() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = Generate.files(Self.spec, file: "Spec/demo.yaml").files
        let path = try #require(files.keys.first { $0.hasSuffix("Color.swift") })
        try Self.write("// mine\n", to: root.appendingPathComponent(path))
        let sync = OutputSync(root: root, ownedFolders: nil, files: files)
        let changes = sync.changes()
        #expect(changes.conflicts == [path])
        #expect(throws: OutputSync.Conflict.self) { try sync.apply(changes) }
        #expect(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) == "// mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["DemoAPI"])
    }

    @Test("a file sdkgen wrote for another spec that still exists is kept; one whose spec is gone is removed")
    func otherSpecsFiles() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let existingSpec = Self.temporaryRoot().appendingPathExtension("yaml")
        try Self.write(Self.spec, to: existingSpec)
        defer { try? FileManager.default.removeItem(at: existingSpec) }
        let header = { (spec: String) in GeneratedFileHeader.lines(specFile: spec).joined(separator: "\n") + "\n" }
        try Self.write(header(existingSpec.path), to: root.appendingPathComponent("OtherAPI/A.swift"))
        try Self.write(header("/no/such/spec.yaml"), to: root.appendingPathComponent("GoneAPI/B.swift"))
        let files = Generate.files(Self.spec, file: "Spec/demo.yaml").files
        let changes = OutputSync(root: root, ownedFolders: nil, files: files).changes()
        #expect(changes.foreign == ["OtherAPI/A.swift"])
        #expect(changes.orphaned == ["GoneAPI/B.swift"])
    }

    @Test("with --output, the OpenAPI folder is the run's too: its own old document goes, a foreign file stays")
    func outputRunOwnsTheOpenAPIFolder() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let specFile = Self.temporaryRoot().appendingPathExtension("yaml")
        defer { try? FileManager.default.removeItem(at: specFile) }
        func generate(_ text: String) throws -> OutputSync.Changes {
            let sync = try Self.outputRun(text, specFile: specFile, root: root)
            #expect(sync.ownedFolders?.contains("OpenAPI") == true)
            let changes = sync.changes()
            try sync.apply(changes)
            return changes
        }
        _ = try generate(Self.spec)
        try Self.write("# notes\n", to: root.appendingPathComponent("OpenAPI/README.md"))
        let old = root.appendingPathComponent("OpenAPI/Demo.openapi.json")
        try FileManager.default.moveItem(at: old, to: root.appendingPathComponent("OpenAPI/Old.openapi.json"))
        let again = try generate(Self.spec)
        #expect(again.orphaned == ["OpenAPI/Old.openapi.json"], "the run's own document under another name is removed")
        #expect(again.foreign == ["OpenAPI/README.md"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("OpenAPI").path).sorted()
                == ["Demo.openapi.json", "README.md"])
    }

    @Test("with --output, renaming the API removes the modules the spec wrote under its old name, and nothing else")
    func outputRunRemovesItsRenamedModules() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let specFile = Self.temporaryRoot().appendingPathExtension("yaml")
        defer { try? FileManager.default.removeItem(at: specFile) }
        func sync(_ text: String) throws -> OutputSync { try Self.outputRun(text, specFile: specFile, root: root) }
        let first = try sync(Self.spec)
        try first.apply(first.changes())
        let header = GeneratedFileHeader.lines(specFile: "specs/other.yaml").joined(separator: "\n") + "\n"
        try Self.write(header, to: root.appendingPathComponent("OtherAPI/A.swift"))
        try Self.write("// mine\n", to: root.appendingPathComponent("DemoAPI/Helpers.swift"))
        // A generated file the user copied into a folder of their own keeps its header: it stays.
        let copied = root.appendingPathComponent("MyApp/Color.swift")
        try Self.write(
            try String(contentsOf: root.appendingPathComponent("DemoAPI/Enums/Color.swift"), encoding: .utf8),
            to: copied)
        let renamed = try sync(Self.spec.replacingOccurrences(of: "name: Demo", with: "name: Renamed"))
        let changes = renamed.changes()
        #expect(changes.orphaned.contains("DemoAPI/Enums/Color.swift"))
        #expect(changes.orphaned.contains("DemoContractTests/Enums/ColorTests.swift"))
        #expect(changes.orphaned.contains("OpenAPI/Demo.openapi.json"))
        #expect(
            !changes.orphaned.contains {
                $0.hasPrefix("OtherAPI/") || $0.hasPrefix("MyApp/") || $0.hasSuffix("Helpers.swift")
            })
        try renamed.apply(changes)
        #expect(renamed.changes().isEmpty, "--check passes only once the old modules are gone")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
                == ["DemoAPI", "MyApp", "OpenAPI", "OtherAPI", "RenamedAPI", "RenamedContractTests"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("DemoAPI").path)
                == ["Helpers.swift"])
    }

    @Test(
        "with --output, another spec's document in the OpenAPI folder stays, even when its spec is not found from here")
    func outputRunKeepsOtherSpecsDocuments() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let other =
            "{\n  \"x-sdkgen-generated\": \"\(GeneratedFileHeader.jsonNotice(specFile: "specs/alpha.yaml"))\"\n}\n"
        try Self.write(other, to: root.appendingPathComponent("OpenAPI/Alpha.openapi.json"))
        #expect(GeneratedFileHeader.specFile(of: other) == "specs/alpha.yaml")
        let files = Generate.files(Self.spec, file: "beta.yaml").files
        let changes = OutputSync(root: root, ownedFolders: ["OpenAPI"], files: files).changes()
        #expect(changes.orphaned.isEmpty, "a run of one spec never removes another spec's document")
        #expect(changes.foreign == ["OpenAPI/Alpha.openapi.json"])
        let whole = OutputSync(root: root, ownedFolders: nil, files: files).changes()
        #expect(
            whole.orphaned == ["OpenAPI/Alpha.openapi.json"], "a run of every spec removes it when its spec is gone")
    }

    @Test("the header names the spec, and only sdkgen's header is recognised")
    func headerRoundTrips() {
        let line = GeneratedFileHeader.lines(specFile: "Spec/a b.yaml")[0]
        #expect(GeneratedFileHeader.specFile(inFirstLine: line[...]) == "Spec/a b.yaml")
        #expect(GeneratedFileHeader.specFile(inFirstLine: "// Generated by hand.") == nil)
        #expect(GeneratedFileHeader.specFile(of: "import Foundation\n") == nil)
        // Only the first line counts: a file that begins with an empty line is not sdkgen's,
        // whatever its second line says (so a removal of orphans never takes it).
        #expect(GeneratedFileHeader.specFile(of: "\n" + line + "\n") == nil)
        #expect(GeneratedFileHeader.specFile(of: line + "\n") == "Spec/a b.yaml")
    }

    @Test("a generated JSON document names its spec in its first member, and other JSON is not sdkgen's")
    func jsonHeaderRoundTrips() {
        let notice = GeneratedFileHeader.jsonNotice(specFile: "Spec/a b.yaml")
        let document = "{\n  \"x-sdkgen-generated\": \"\(notice)\",\n  \"a\": 1\n}"
        #expect(GeneratedFileHeader.specFile(of: document) == "Spec/a b.yaml")
        #expect(GeneratedFileHeader.specFile(of: "{\n  \"openapi\": \"3.1.0\",\n}") == nil)
        #expect(GeneratedFileHeader.specFile(of: "{\n  \"x-sdkgen-generated\": \"Generated by hand.\",\n}") == nil)
    }
}
