import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One storage directory used by more than one opener at once (an app and its extensions), and
/// files at the storage path that are not ours: other programs' databases and links.
@Suite("Storage: shared directories and files that are not ours", .timeLimit(.minutes(3)))
struct StorageSharingTests {
    /// The bytes and permission bits of the file at `path`, without following a link.
    struct FileState: Equatable, CustomStringConvertible {
        var bytes: Data
        var mode: mode_t

        init(_ path: String) throws {
            var info = stat()
            guard lstat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
            mode = info.st_mode & 0o7777
            bytes = info.st_mode & S_IFMT == S_IFREG ? try Data(contentsOf: URL(fileURLWithPath: path)) : Data()
        }

        var description: String { "\(bytes.count) bytes, mode \(String(mode, radix: 8))" }
    }

    @Test("two openers of a fresh directory at once: both get the file, nothing is moved aside, 200 trials")
    func twoOpenersOfAFreshDirectory() throws {
        for trial in 0..<200 {
            let directory = StorageTestDirectory()
            let results = StorageTestBox<[Result<SDKStorage, any Error>]>([])
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for _ in 0..<2 {
                done.enter()
                Thread {
                    start.wait()
                    let result = Result { try directory.open() }
                    results.update { $0.append(result) }
                    done.leave()
                }.start()
            }
            start.signal()
            start.signal()
            done.wait()
            let storages = try results.current.map { try $0.get() }
            #expect(storages.count == 2)
            for storage in storages {
                #expect(storage.openReport.movedAside.isEmpty, "trial \(trial)")
                #expect(!storage.isInMemory, "trial \(trial)")
                try storage.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("{}"), now: Date())
            }
            #expect(try storages.map { try $0.queue.count() } == [2, 2], "trial \(trial)")
            #expect(storages.filter(\.openReport.createdNewDatabase).count == 1, "trial \(trial)")
            #expect(try directory.fileNames().allSatisfy { !$0.contains(".corrupt-") }, "trial \(trial)")
            storages.forEach { $0.close() }
        }
    }

    @Test("another program's WAL database is moved aside: its database and log byte for byte, every mode as it was")
    func aForeignWALDatabaseIsMovedAsideUnchanged() throws {
        // A database whose writer is gone with its log not yet folded in: copied while open.
        let source = StorageTestDirectory()
        try FileManager.default.createDirectory(at: source.url, withIntermediateDirectories: true)
        let writer = try SQLiteConnection(path: source.databaseURL().path)
        try writer.execute("PRAGMA journal_mode=WAL")
        try writer.execute("CREATE TABLE notes (text TEXT)")
        for index in 0..<20 { try writer.execute("INSERT INTO notes VALUES ('note \(index)')") }
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let path = directory.databaseURL().path
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: source.databaseURL().path + suffix, toPath: path + suffix)
            #expect(chmod(path + suffix, 0o644) == 0)
        }
        writer.close()
        let before = try ["", "-wal", "-shm"].map { try FileState(path + $0) }
        #expect(before[1].bytes.count > 0, "the log holds the rows")

        let storage = try directory.open()
        let moved = try #require(storage.openReport.movedAside.first)
        #expect(moved.reason == .foreign)
        // The database and its log keep every byte; the index (`-shm`) is SQLite's shared memory,
        // which every reader of a WAL database writes (read marks, the rebuilt header): its mode
        // and size are kept.
        for (suffix, state) in zip(["", "-wal"], before) {
            #expect(try FileState(moved.url.path + suffix) == state, "the file ending \(suffix)")
        }
        let index = try FileState(moved.url.path + "-shm")
        #expect(index.mode == before[2].mode && index.bytes.count == before[2].bytes.count)
        storage.close()
        let kept = try SQLiteConnection(readingOnly: moved.url.path, immutable: false)
        #expect(try kept.query("SELECT count(*) FROM notes").first?.integer(0) == 20)
    }

    @Test("another program's database keeps its mode, also when it is only moved aside")
    func aForeignDatabaseKeepsItsMode() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let path = directory.databaseURL().path
        let foreign = try SQLiteConnection(path: path)
        try foreign.execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me');")
        foreign.close()
        #expect(chmod(path, 0o644) == 0)
        let before = try FileState(path)

        let storage = try directory.open()
        let moved = try #require(storage.openReport.movedAside.first)
        #expect(try FileState(moved.url.path) == before)
        #expect(try permissionBits(directory.databaseURL()) == 0o600)
    }

    @Test(
        "a storage file that is a link is moved aside as a link: what it points to keeps its bytes and mode",
        arguments: ["", "-wal"])
    func aLinkIsNeverFollowed(suffix: String) throws {
        let directory = StorageTestDirectory()
        try directory.open().close()
        let outside = StorageTestDirectory()
        try FileManager.default.createDirectory(at: outside.url, withIntermediateDirectories: true)
        let target = outside.url.appendingPathComponent("notes.txt").path
        try Data("the user's notes".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o644) == 0)
        let link = directory.databaseURL().path + suffix
        unlink(link)
        #expect(symlink(target, link) == 0)
        let before = try FileState(target)

        let storage = try directory.open()
        #expect(storage.openReport.movedAside.map(\.reason) == [.notARegularFile])
        #expect(try FileState(target) == before)
        let moved = try #require(storage.openReport.movedAside.first).url.path + suffix
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: moved) == target)
        try storage.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("{}"), now: Date())
        #expect(!storage.isInMemory)
    }

    /// SQLite rebuilds the index from the database and its log: the index alone is moved aside,
    /// and what the database holds stays in use.
    @Test(
        "an index (-shm) alone that is not a file is moved aside by itself, and the database kept",
        arguments: ["folder", "pipe", "link to a file", "link to nothing"])
    func anOddIndexAloneIsMovedAsideAndTheDatabaseKept(kind: String) throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        try first.keyValues.set("kept", forKey: "identity")
        first.close()
        let outside = StorageTestDirectory()
        try FileManager.default.createDirectory(at: outside.url, withIntermediateDirectories: true)
        let target = outside.url.appendingPathComponent("notes.txt").path
        try Data("the user's notes".utf8).write(to: URL(fileURLWithPath: target))
        let before = try FileState(target)
        let index = directory.databaseURL().path + "-shm"
        unlink(index)
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: false)
        case "pipe": #expect(mkfifo(index, 0o600) == 0)
        case "link to a file": #expect(symlink(target, index) == 0)
        default: #expect(symlink(outside.url.appendingPathComponent("nothing").path, index) == 0)
        }

        let storage = try directory.open()
        #expect(storage.openReport.movedAside.isEmpty)
        #expect(try storage.keyValues.value(String.self, forKey: "identity") == "kept")
        let moved = try #require(storage.openReport.movedAsideIndex)
        #expect(moved.lastPathComponent.hasPrefix(directory.databaseURL().lastPathComponent + "-shm.corrupt-"))
        var info = stat()
        #expect(lstat(moved.path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG, "moved as it was")
        #expect(try FileState(target) == before)
        try storage.keyValues.set("still written", forKey: "identity")
        #expect(!storage.isInMemory)
        storage.close()
        #expect(try directory.open().openReport.movedAsideIndex == nil, "the next open finds SQLite's own index")
    }

    @Test("a link to a device or to nothing is moved aside; the device keeps its mode, nothing is created")
    func aLinkToADeviceOrToNothing() throws {
        for target in ["/dev/null", NSTemporaryDirectory() + "storage-missing-\(UUID().uuidString)"] {
            let directory = StorageTestDirectory()
            try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
            #expect(symlink(target, directory.databaseURL().path) == 0)
            let before = try? FileState(target)

            let storage = try directory.open()
            #expect(storage.openReport.movedAside.map(\.reason) == [.notARegularFile], "\(target)")
            #expect((try? FileState(target)) == before, "\(target)")
            #expect(!storage.isInMemory)
        }
    }

    #if os(Linux)
        /// A lock a probe found on a file: its kind, range and owning process.
        struct HeldLock: Equatable, CustomStringConvertible {
            var kind: Int16
            var start: Int
            var length: Int
            var process: pid_t

            var description: String { "kind \(kind), bytes \(start)+\(length), process \(process)" }
        }

        /// The first lock on the file behind `probe` that a write lock over the whole file would
        /// conflict with, or `nil` when there is none.
        ///
        /// Asked through an open-file-description lock (`F_OFD_GETLK`, 36 on Linux; Glibc's module
        /// does not export it), which conflicts with this process's own POSIX locks, unlike
        /// `F_GETLK`. `/proc/locks` would need no descriptor, but reading it takes several reads
        /// while other tests take and drop locks, and a line can be skipped between two of them.
        static func firstLock(on probe: Int32) throws -> HeldLock? {
            var lock = flock()
            lock.l_type = Int16(F_WRLCK)
            lock.l_whence = Int16(SEEK_SET)
            guard fcntl(probe, 36, &lock) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
            guard lock.l_type != Int16(F_UNLCK) else { return nil }
            return HeldLock(kind: lock.l_type, start: Int(lock.l_start), length: Int(lock.l_len), process: lock.l_pid)
        }

        @Test("probing whether a database this process has open can be read keeps that connection's locks")
        func probingAnOpenDatabaseKeepsItsLocks() throws {
            let directory = StorageTestDirectory()
            let storage = try directory.open()
            try storage.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("{}"), now: Date())
            let path = directory.databaseURL().path
            // Opened before the first look and closed after the storage: closing it drops this
            // process's POSIX locks on the file.
            let probe = open(path, O_RDONLY)
            try #require(probe >= 0)
            defer { close(probe) }
            let before = try Self.firstLock(on: probe)
            #expect(before?.process == getpid(), "the open connection holds no lock to lose")

            #expect(!StorageFiles.isUnreadableForNow(path))
            #expect(try Self.firstLock(on: probe) == before)
            storage.close()
            #expect(try Self.firstLock(on: probe) == nil, "the probe sees the connection's locks go")
        }
    #endif

    @Test("a link, a missing file and a readable file are not \"unreadable for now\"")
    func onlyARegularFileThatCannotBeOpenedIsUnreadableForNow() throws {
        let directory = StorageTestDirectory()
        try directory.open().close()
        let path = directory.databaseURL().path
        #expect(!StorageFiles.isUnreadableForNow(path))
        #expect(!StorageFiles.isUnreadableForNow(path + ".missing"))
        let link = directory.url.appendingPathComponent("link.sqlite").path
        #expect(symlink(path, link) == 0)
        // SQLite refuses the link (no-follow) without a failed open(2): errno says nothing then.
        errno = EACCES
        #expect(!StorageFiles.isUnreadableForNow(link))
    }
}
