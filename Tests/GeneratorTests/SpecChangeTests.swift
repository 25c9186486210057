import Foundation
import SDKGenCore
import Testing

/// A change in the spec reaches the generated validator and its tests, and `--check` notices.
@Suite("Spec changes and the output folder", .timeLimit(.minutes(3)))
struct SpecChangeTests {
    @Test("changing the 255-character limit changes the validator, its tests, the OpenAPI document, and nothing else")
    func changingALimitChangesValidatorAndTests() throws {
        let original = try PackagePaths.text("Spec/voidhash.yaml")
        let changed = original.replacingOccurrences(
            of: "length: {max: 255, unit: characters}\n    forbiddenCharacters: [\"\\0\"]\n    forbiddenPrefixes",
            with: "length: {max: 254, unit: characters}\n    forbiddenCharacters: [\"\\0\"]\n    forbiddenPrefixes")
        try #require(changed != original)
        let before = Generate.files(original, file: "Spec/voidhash.yaml").files
        let after = Generate.files(changed, file: "Spec/voidhash.yaml").files
        let differing = before.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(
            differing == [
                "OpenAPI/Voidhash.openapi.json",
                "VoidhashAPI/Rules/ExternalUserIdRule.swift",
                "VoidhashContractTests/Rules/ExternalUserIdRuleTests.swift",
            ])
        #expect(after["VoidhashAPI/Rules/ExternalUserIdRule.swift"]?.contains("maxLength: Swift.Int = 254") == true)
        #expect(
            after["VoidhashContractTests/Rules/ExternalUserIdRuleTests.swift"]?.contains(
                "count: 255), VoidhashAPI.ExternalUserIdRule.Violation.tooLong") == true)
    }

    @Test("--check finds stale and orphaned files, and applying writes only what changed")
    func syncFindsStaleFilesAndAppliesThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let header = GeneratedFileHeader.lines(specFile: "Spec/test.yaml").joined(separator: "\n") + "\n"
        let first = OutputSync(
            root: root, ownedFolders: nil, files: ["A/one.swift": header + "1\n", "A/two.swift": header + "2\n"])
        try first.apply(first.changes())
        #expect(first.changes().isEmpty)
        let untouched =
            try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("A/one.swift").path)[
                .modificationDate] as? Date

        let second = OutputSync(
            root: root, ownedFolders: nil, files: ["A/one.swift": header + "1\n", "A/three.swift": header + "3\n"])
        let changes = second.changes()
        #expect(changes.stale == ["A/three.swift"])
        #expect(changes.orphaned == ["A/two.swift"])
        let diff = second.diff(changes)
        #expect(diff.contains("+++ b/A/three.swift"))
        #expect(diff.contains("--- a/A/two.swift"))
        try second.apply(changes)
        #expect(second.changes().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("A/two.swift").path))
        let stillUntouched =
            try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("A/one.swift").path)[
                .modificationDate] as? Date
        #expect(untouched == stillUntouched)
    }

    @Test("a single-spec run owns only its own module folders")
    func singleSpecRunOwnsOnlyItsFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-own-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Other"), withIntermediateDirectories: true)
        try Data("keep\n".utf8).write(to: root.appendingPathComponent("Other/keep.swift"))
        let sync = OutputSync(root: root, ownedFolders: ["DemoAPI"], files: ["DemoAPI/a.swift": "a\n"])
        #expect(sync.changes().orphaned.isEmpty)
    }
}
