import Dispatch
import Foundation
import SDKRuntime
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The owner-only folders and files both SDKs store in: exact modes whatever the umask, parents
/// created, a file in the way refused, concurrent openers tolerated, atomic replacement.
@Suite("Owner-only files", .timeLimit(.minutes(3)))
struct OwnerOnlyFilesTests {
    @Test(
        "a new folder, its new parents and a new file are 0700 and 0600 even under a umask that strips the owner's bits"
    )
    func modesAreExactWhateverTheUmask() throws {
        let directory = StorageTestDirectory()
        let folder = directory.url.appendingPathComponent("a/b")
        let file = folder.appendingPathComponent("file")
        let replaced = folder.appendingPathComponent("replaced")
        // 0o277 takes write and search from the owner: a bare mkdir(0700) gives 0500, open(0600) 0400.
        let failure = try withUmask(0o277) {
            try OwnerOnlyFiles.createDirectory(folder)
            try OwnerOnlyFiles.createFileIfMissing(atPath: file.path)
            try OwnerOnlyFiles.writeAtomically(Data("x".utf8), to: replaced, readableBeforeFirstUnlock: false)
        }
        #expect(failure == nil)
        #expect(try permissionBits(directory.url) == 0o700)
        #expect(try permissionBits(directory.url.appendingPathComponent("a")) == 0o700)
        #expect(try permissionBits(folder) == 0o700)
        #expect(try permissionBits(file) == 0o600)
        #expect(try permissionBits(replaced) == 0o600)
    }

    @Test("missing parents are created 0700 under the usual umask, and an existing folder keeps its mode")
    func parentsAreCreated() throws {
        let directory = StorageTestDirectory()
        let folder = directory.url.appendingPathComponent("one/two/three")
        try OwnerOnlyFiles.createDirectory(folder)
        var path = folder
        while path.path.count >= directory.url.path.count {
            #expect(try permissionBits(path) == 0o700, "\(path.path)")
            path = path.deletingLastPathComponent()
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: folder.path)
        try OwnerOnlyFiles.createDirectory(folder)
        #expect(try permissionBits(folder) == 0o750)
    }

    @Test("a file where the folder or one of its parents should be is refused as a file in the way", arguments: [0, 1])
    func aFileInTheWayIsRefused(depth: Int) throws {
        let directory = StorageTestDirectory()
        try OwnerOnlyFiles.createDirectory(directory.url)
        let blocker = directory.url.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let folder = depth == 0 ? blocker : blocker.appendingPathComponent("inner")
        #expect {
            try OwnerOnlyFiles.createDirectory(folder)
        } throws: { error in
            (error as? OwnerOnlyFileError)?.isFileInTheWay == true
        }
        #expect(try Data(contentsOf: blocker) == Data("not a folder".utf8))
    }

    @Test("openers creating the same folders at the same time all succeed")
    func concurrentCreationSucceeds() throws {
        let directory = StorageTestDirectory()
        let failures = Mutex<[String]>([])
        for round in 0..<100 {
            let folder = directory.url.appendingPathComponent("\(round)/a/b/c/d")
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    try OwnerOnlyFiles.createDirectory(folder)
                } catch {
                    failures.withLock { $0.append("\(round): \(error)") }
                }
            }
            #expect(try permissionBits(folder) == 0o700)
        }
        let failed = failures.withLock { $0 }
        #expect(failed.isEmpty, "\(failed.count) failed, first \(failed.prefix(3))")
    }

    @Test(
        "a file is created only where nothing is: an existing file keeps its mode and contents, a link is not followed")
    func anExistingFileOrLinkIsLeftAlone() throws {
        let directory = StorageTestDirectory()
        try OwnerOnlyFiles.createDirectory(directory.url)
        let existing = directory.url.appendingPathComponent("existing")
        try Data("theirs".utf8).write(to: existing)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: existing.path)
        #expect(try OwnerOnlyFiles.createFileIfMissing(atPath: existing.path) == false)
        #expect(try permissionBits(existing) == 0o644)
        #expect(try Data(contentsOf: existing) == Data("theirs".utf8))

        let link = directory.url.appendingPathComponent("link")
        let target = directory.url.appendingPathComponent("target")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        #expect(try OwnerOnlyFiles.createFileIfMissing(atPath: link.path) == false)
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(throws: OwnerOnlyFileError(.createFile, code: EEXIST)) {
            try OwnerOnlyFiles.createFile(atPath: link.path)
        }

        let new = directory.url.appendingPathComponent("new")
        #expect(try OwnerOnlyFiles.createFileIfMissing(atPath: new.path) == true)
        #expect(try permissionBits(new) == 0o600)
    }

    @Test("an atomic write replaces the file's contents and leaves no temporary file behind")
    func anAtomicWriteReplacesTheFile() throws {
        let directory = StorageTestDirectory()
        let file = directory.url.appendingPathComponent("nested/file")
        try OwnerOnlyFiles.writeAtomically(Data("first".utf8), to: file, readableBeforeFirstUnlock: true)
        try OwnerOnlyFiles.writeAtomically(Data("second".utf8), to: file, readableBeforeFirstUnlock: true)
        #expect(try Data(contentsOf: file) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["file"])
        #expect(try permissionBits(file) == 0o600)
        #expect(try permissionBits(file.deletingLastPathComponent()) == 0o700)
    }

    @Test("a write only if missing stores a new file, and leaves one already there (or a link) as it was")
    func aWriteOnlyIfMissingNeverReplaces() throws {
        let directory = StorageTestDirectory()
        let file = directory.url.appendingPathComponent("nested/file")
        try OwnerOnlyFiles.writeAtomically(
            Data("first".utf8), to: file, readableBeforeFirstUnlock: true, onlyIfMissing: true)
        #expect(throws: OwnerOnlyFileError(.linkFile, code: EEXIST)) {
            try OwnerOnlyFiles.writeAtomically(
                Data("second".utf8), to: file, readableBeforeFirstUnlock: true, onlyIfMissing: true)
        }
        #expect(try Data(contentsOf: file) == Data("first".utf8))
        #expect(try permissionBits(file) == 0o600)

        let link = directory.url.appendingPathComponent("nested/link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nowhere")
        #expect(throws: OwnerOnlyFileError(.linkFile, code: EEXIST)) {
            try OwnerOnlyFiles.writeAtomically(
                Data("third".utf8), to: link, readableBeforeFirstUnlock: true, onlyIfMissing: true)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names.sorted() == ["file", "link"], "no temporary file is left behind")
    }

    @Test("what a killed write left is deleted once an hour old; a write in progress, other names and folders stay")
    func whatAKilledWriteLeftIsDeletedOnceOldEnough() throws {
        let directory = StorageTestDirectory()
        let file = directory.url.appendingPathComponent("nested/file")
        try OwnerOnlyFiles.writeAtomically(Data("now".utf8), to: file, readableBeforeFirstUnlock: true)
        let folder = file.deletingLastPathComponent()
        let now = Date()
        func leftover(_ name: String, age: TimeInterval, folder isFolder: Bool = false) throws {
            let url = folder.appendingPathComponent(name)
            if isFolder {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            } else {
                try Data("earlier".utf8).write(to: url)
            }
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        let hour = OwnerOnlyFiles.abandonedWriteAge
        try leftover(".file.0b6f9d2e-4c1a-4c44-9a57-000000000001.tmp", age: hour + 1)
        try leftover(".file.0b6f9d2e-4c1a-4c44-9a57-000000000002.tmp", age: 2 * hour)
        try leftover(".file.0b6f9d2e-4c1a-4c44-9a57-000000000003.tmp", age: hour - 60)  // in progress
        try leftover(".file.0b6f9d2e-4c1a-4c44-9a57-000000000004.tmp", age: 2 * hour, folder: true)
        try leftover(".other.0b6f9d2e-4c1a-4c44-9a57-000000000005.tmp", age: 2 * hour)
        try leftover("file.tmp", age: 2 * hour)

        #expect(OwnerOnlyFiles.removeAbandonedWrites(of: file, now: now) == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            names == [
                ".file.0b6f9d2e-4c1a-4c44-9a57-000000000003.tmp", ".file.0b6f9d2e-4c1a-4c44-9a57-000000000004.tmp",
                ".other.0b6f9d2e-4c1a-4c44-9a57-000000000005.tmp", "file", "file.tmp",
            ])
        #expect(try Data(contentsOf: file) == Data("now".utf8))
    }

    @Test("a write the system refuses throws at once; only an interrupted write is tried again")
    func aRefusedWriteThrows() throws {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let threw = Mutex<OwnerOnlyFileError?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // On a thread of its own, so a write retried forever fails this test in seconds.
        Thread {
            do throws(OwnerOnlyFileError) {
                try OwnerOnlyFiles.writeAll(Data("identity".utf8), to: descriptor)
            } catch {
                threw.withLock { $0 = error }
            }
            finished.signal()
        }.start()
        try #require(finished.wait(timeout: .now() + 10) == .success, "the refused write was tried again and again")
        close(descriptor)
        #expect(threw.withLock { $0 } == OwnerOnlyFileError(.writeFile, code: EBADF))
    }

    @Test("a failure names the step and the system's message with the number")
    func aFailureIsDescribed() {
        let error = OwnerOnlyFileError(.createFile, code: ENOENT)
        #expect(error.description == "creating the file: \(String(cString: strerror(ENOENT))) (errno \(ENOENT))")
        #expect(!error.isFileInTheWay)
        #expect(OwnerOnlyFileError(.createDirectory, code: ENOTDIR).isFileInTheWay)
    }

    /// Runs `body` on a thread of its own whose umask is `mask`, leaving the umask of every other
    /// thread alone (Linux: the thread stops sharing its file-system attributes first), and
    /// returns what it threw.
    private func withUmask(
        _ mask: mode_t, _ body: @escaping @Sendable () throws -> Void
    ) throws -> String? {
        #if os(Linux)
            // unshare(CLONE_FS) is not in Swift's Glibc module; CLONE_FS is 0x200.
            typealias Unshare = @convention(c) (Int32) -> Int32
            let symbol = try #require(dlsym(nil, "unshare"))
            let unshareFileSystem = unsafeBitCast(symbol, to: Unshare.self)
            let outcome = Mutex<String??>(nil)
            let finished = DispatchSemaphore(value: 0)
            Thread {
                defer { finished.signal() }
                guard unshareFileSystem(0x200) == 0 else {
                    outcome.withLock { $0 = .some("unshare: \(OwnerOnlyFiles.describe(errno: errno))") }
                    return
                }
                umask(mask)
                do {
                    try body()
                    outcome.withLock { $0 = .some(nil) }
                } catch {
                    outcome.withLock { $0 = .some("\(error)") }
                }
            }.start()
            try #require(finished.wait(timeout: .now() + 30) == .success)
            return try #require(outcome.withLock { $0 })
        #else
            // Elsewhere the umask is the process's: the body runs under the umask as it is.
            do {
                try body()
                return nil
            } catch {
                return "\(error)"
            }
        #endif
    }
}
