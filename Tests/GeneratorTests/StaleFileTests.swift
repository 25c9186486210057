import Foundation
import SDKGenCore
import Testing

/// `--check` calls a generated file up to date only when it holds exactly the bytes the spec
/// gives: longer, shorter or changed in place, it is stale.
@Suite("A generated file edited by hand is stale", .timeLimit(.minutes(3)))
struct StaleFileTests {
    private static let expected = "// generated\nlet a = 1\n"

    @Test(
        "an edit of any kind makes the file stale",
        arguments: [
            expected + "// appended\n",
            expected + " ",
            String(expected.dropLast()),
            "",
            expected.replacingOccurrences(of: "1", with: "2"),
        ])
    func anEditedFileIsStale(edited: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let sync = OutputSync(root: root, ownedFolders: nil, files: ["A/one.swift": Self.expected])
        try sync.apply(sync.changes())
        #expect(sync.changes().isEmpty)
        try Data(edited.utf8).write(to: root.appendingPathComponent("A/one.swift"))
        #expect(sync.changes().stale == ["A/one.swift"])
    }
}
