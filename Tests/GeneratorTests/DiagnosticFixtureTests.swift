import Foundation
import Testing

/// One fixture per kind of spec error, each with the exact lines `sdkgen` must print
/// (`DiagnosticCoverageTests` checks that every message the generator can print has one).
@Suite("Diagnostics of broken specs", .timeLimit(.minutes(3)))
struct DiagnosticFixtureTests {
    static let fixtures: [String] = {
        let folder = PackagePaths.url("Tests/Fixtures/diagnostics")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test("there is a fixture for every kind of error the issue names")
    func fixturesCoverTheNamedErrors() {
        let required = [
            "malformed-yaml", "unknown-key-suggestion", "wrong-type-list", "duplicate-key", "duplicate-name",
            "dangling-type", "dangling-rule", "dangling-error", "pattern-unsupported", "pattern-bad-quantifier",
            "contradictory-length", "multiple-errors-at-once",
        ]
        for name in required { #expect(Self.fixtures.contains(name), "missing fixture \(name)") }
    }

    @Test("each broken spec gets exactly its expected, located messages", arguments: fixtures)
    func fixtureGivesExpectedDiagnostics(name: String) throws {
        let path = "Tests/Fixtures/diagnostics/\(name).yaml"
        let expected = try PackagePaths.text("Tests/Fixtures/diagnostics/\(name).expected")
            .split(separator: "\n").map(String.init)
        let actual = Generate.diagnostics(try PackagePaths.text(path), file: path)
        #expect(actual == expected)
        #expect(!actual.isEmpty)
        for line in actual { #expect(line.hasPrefix(path + ":"), "every message names a line and column") }
    }
}
