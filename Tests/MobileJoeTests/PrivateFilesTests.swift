import Foundation
import Testing

@testable import MobileJoe

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The identity file's writes: each failure of `OwnerOnlyFiles` becomes a `.storageFailed` reason
/// naming the storage folder or the identity file.
@Suite("Private files", .timeLimit(.minutes(3)))
struct PrivateFilesTests {
    @Test("a temporary file that cannot be created is reported as such, and nothing is left behind")
    func aTemporaryFileThatCannotBeCreatedIsReported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("private-files-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The name fits; the temporary file's name (the name, a UUID and a suffix) does not.
        let url = directory.appendingPathComponent(String(repeating: "n", count: 220))
        #expect {
            try PrivateFiles.writeAtomically(Data("identity".utf8), to: url)
        } throws: { error in
            guard case .storageFailed(let reason) = error as? MobileJoeError else { return false }
            return reason.hasPrefix("the identity file could not be created: ")
                && reason.contains("(errno \(ENAMETOOLONG))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a file where the storage folder goes is reported as such, and left as it is")
    func aFileInPlaceOfTheFolderIsReported() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("private-files-\(UUID())")
        defer { try? FileManager.default.removeItem(at: blocker) }
        try Data("not a folder".utf8).write(to: blocker)
        #expect(throws: MobileJoeError.storageFailed(reason: "a file is in the place of the storage folder")) {
            try PrivateFiles.writeAtomically(Data("identity".utf8), to: blocker.appendingPathComponent("identity.mbj"))
        }
        #expect(try Data(contentsOf: blocker) == Data("not a folder".utf8))
    }
}
