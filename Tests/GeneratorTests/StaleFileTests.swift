import Foundation
import Testing

@testable import SDKGenCore

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

    /// A regular file whose size says more bytes than a read gives (one that shrank after it
    /// was measured; in `/sys`, every file says 4,096 bytes): its content matches only if all
    /// of it was read, never because the part read begins the expected text.
    static let shortReadFile = "/sys/kernel/mm/transparent_hugepage/enabled"

    @Test(
        "a file that gives fewer bytes than its size is not up to date",
        .enabled(if: FileManager.default.isReadableFile(atPath: shortReadFile)))
    func aShortReadIsNotAMatch() throws {
        let read = try String(contentsOfFile: Self.shortReadFile, encoding: .utf8)
        let size = try #require(
            (FileManager.default.attributesOfItem(atPath: Self.shortReadFile)[.size] as? NSNumber)?.intValue)
        try #require(read.utf8.count < size)
        let expected = read + String(repeating: " ", count: size - read.utf8.count)
        #expect(!FileTree.contains(Self.shortReadFile, exactly: expected))
        #expect(!FileTree.contains(Self.shortReadFile, exactly: read))
    }

    @Test("a write that fails leaves the other writes done, and the first failure in path order is thrown")
    func everyWriteIsTriedAndTheFirstFailureIsThrown() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-failing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ["A/a.swift": "a", "A/b.swift": "b", "B/c.swift": "c", "B/d.swift": "d"]
        // A folder that is not empty where a file goes: renaming the written file over it fails.
        for blocked in ["B/c.swift", "A/b.swift"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(blocked + "/inside"), withIntermediateDirectories: true)
        }
        let sync = OutputSync(root: root, ownedFolders: nil, files: files)
        let changes = OutputSync.Changes(stale: files.keys.sorted(), orphaned: [])
        let failure: FileTree.Failure
        do {
            try sync.apply(changes)
            Issue.record("writing where a folder is must fail")
            return
        } catch let error as FileTree.Failure {
            failure = error
        }
        #expect(failure.description.contains("A/b.swift"), "\(failure)")
        for written in ["A/a.swift", "B/d.swift"] {
            #expect(try String(contentsOf: root.appendingPathComponent(written), encoding: .utf8) == files[written])
        }
    }

    /// Whatever an earlier call left in `errno`: a folder `mkdir` created is no failure (only a
    /// failed call sets `errno`, so a success must not be judged by it).
    @Test("creating folders succeeds whatever an earlier call left in errno", arguments: [EACCES, EIO, 0])
    func createdFoldersDoNotDependOnAStaleErrno(stale: Int32) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mkdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // Its parent exists, so the first `mkdir` succeeds and no failed call resets `errno`.
        let path = root.appendingPathComponent("a").path
        errno = stale
        try FileTree.createDirectories(path)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }
}
