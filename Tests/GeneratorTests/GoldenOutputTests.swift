import Foundation
import SDKGenCore
import Testing

/// The generator's output compared byte for byte with committed reference files: the keyword
/// fixture (whose output the package also compiles and tests) and the two real specs.
@Suite("Golden output", .timeLimit(.minutes(3)))
struct GoldenOutputTests {
    @Test("the keyword fixture generates exactly Tests/Golden/landmine")
    func landmineMatchesGolden() throws {
        let path = "Tests/Fixtures/landmine.yaml"
        let generated = Generate.files(try PackagePaths.text(path), file: path)
        #expect(generated.diagnostics.isEmpty)
        let golden = try PackagePaths.files(below: "Tests/Golden/landmine")
        #expect(generated.files.keys.sorted() == golden.keys.sorted())
        for (file, text) in generated.files { #expect(golden[file] == text, "\(file) differs from the golden copy") }
    }

    @Test("generating the real specs reproduces Generated/ byte for byte", arguments: ["voidhash", "mobilejoe"])
    func realSpecReproducesGenerated(name: String) throws {
        let path = "Spec/\(name).yaml"
        let generated = Generate.files(try PackagePaths.text(path), file: path)
        #expect(generated.diagnostics.isEmpty)
        let committed = try PackagePaths.files(below: "Generated")
        let modules = Set(generated.files.keys.map { String($0.prefix { $0 != "/" }) })
        // Generated/OpenAPI holds every spec's document; the others' are not this spec's.
        let committedForSpec = committed.filter { path, _ in
            let module = String(path.prefix { $0 != "/" })
            return modules.contains(module) && (module != "OpenAPI" || generated.files[path] != nil)
        }
        #expect(generated.files.keys.sorted() == committedForSpec.keys.sorted())
        for (file, text) in generated.files { #expect(committedForSpec[file] == text, "\(file) is stale") }
    }

    @Test("generation is deterministic")
    func generationIsDeterministic() throws {
        let text = try PackagePaths.text("Spec/voidhash.yaml")
        #expect(Generate.files(text).files == Generate.files(text).files)
    }
}

/// The real specs give an example for every rule, model, identifier, header contract and
/// operation, so every part of them is exercised by a generated contract test.
@Suite("Real specs are fully exemplified", .timeLimit(.minutes(3)))
struct SpecCoverageTests {
    @Test("every rule, model, identifier and operation has examples", arguments: ["voidhash", "mobilejoe"])
    func everythingHasExamples(name: String) throws {
        var log = DiagnosticLog()
        let spec = try #require(
            SpecLoader.load(text: try PackagePaths.text("Spec/\(name).yaml"), file: name, log: &log))
        for rule in spec.rules { #expect(!(rule.validExamples + rule.invalidExamples).isEmpty, "rule \(rule.name)") }
        for model in spec.models { #expect(!model.examples.isEmpty, "model \(model.name)") }
        for identifier in spec.identifiers {
            #expect(!(identifier.validExamples + identifier.invalidExamples).isEmpty, "identifier \(identifier.name)")
        }
        for operation in spec.operations { #expect(!operation.examples.isEmpty, "operation \(operation.name)") }
        #expect(spec.headers.map { !$0.examples.isEmpty } == true)
    }
}
