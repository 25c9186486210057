import Foundation
import SDKGenCore
import TestSupport
import Testing

/// The landmine fixture (`Tests/Fixtures/landmine.yaml`, compiled as the LandmineAPI,
/// LandmineEmulator and LandmineContractTests targets) names a model after every public type
/// the generated code and its tests could meet, so a clash anywhere fails the build.
@Suite("The landmine fixture covers every imported type name", .timeLimit(.minutes(2)))
struct LandmineFixtureTests {
    /// The modules generated code, its server and its contract tests import, with where their
    /// module files are.
    static let modules: [(name: String, searchPaths: [URL])] =
        [
            "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
            "Testing",
        ]
        .map { ($0, []) }
        + ["SDKRuntime", "SDKHashing", "SDKEmulator"].map {
            ($0, [PublicTypeNames.builtModules] + PublicTypeNames.cModuleFolders)
        }

    @Test(
        "a model is named after every public type of Swift, Foundation, Swift Testing and the package's runtime modules",
        .enabled(if: PublicTypeNames.isAvailable, "swift-symbolgraph-extract is not installed"),
        arguments: modules.map(\.name))
    func everyImportedTypeNameIsAModel(module: String) async throws {
        let path = "Tests/Fixtures/landmine.yaml"
        var log = DiagnosticLog()
        let spec = try #require(SpecLoader.load(text: try PackagePaths.text(path), file: path, log: &log))
        let models = Set(spec.models.map(\.name))
        let searchPaths = Self.modules.first { $0.name == module }?.searchPaths ?? []
        // Off the cooperative pool: extracting a module's symbols takes seconds, and a blocked pool
        // thread would hold up every other suite running beside this one.
        let names = try await offPool { try PublicTypeNames.names(of: module, searchPaths: searchPaths) }
        #expect(!names.isEmpty, "no public types read from \(module)")
        let missing = names.subtracting(models).sorted()
        #expect(
            missing.isEmpty,
            Comment(
                rawValue: "\(path) has no model for these \(module) names; add them to its models:\n"
                    + missing.map { "  \($0): {properties: {}, examples: [{}]}" }.joined(separator: "\n")))
    }
}
