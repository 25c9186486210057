import Dispatch
import Foundation
import Synchronization
import Testing

@testable import MobileJoe

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The identity file's low-level writes: a failing write is reported at once, never retried.
@Suite("Private files", .timeLimit(.minutes(1)))
struct PrivateFilesTests {
    @Test("a write the system refuses throws at once; only an interrupted write is tried again")
    func aRefusedWriteThrows() throws {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let threw = Mutex<Bool?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // On a thread of its own, so a write retried forever fails this test in seconds.
        Thread {
            let failed = (try? PrivateFiles.writeAll(Data("identity".utf8), to: descriptor)) == nil
            threw.withLock { $0 = failed }
            finished.signal()
        }.start()
        try #require(finished.wait(timeout: .now() + 10) == .success, "the refused write was tried again and again")
        close(descriptor)
        #expect(threw.withLock { $0 } == true)
    }

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
}
