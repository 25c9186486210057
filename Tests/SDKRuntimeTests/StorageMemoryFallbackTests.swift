import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

/// When the file cannot take writes (a full disk, a read-only volume), storage carries on in
/// memory with everything it held, and the file keeps what it had.
@Suite("Storage: falling back to memory", .timeLimit(.minutes(3)))
struct StorageMemoryFallbackTests {
    /// Makes the next write that needs a new page fail with `SQLITE_FULL`, as a full disk does
    /// (the limit belongs to this connection only; the in-memory copy does not inherit it).
    private func fillUp(_ storage: SDKStorage) throws {
        try storage.database.access { (connection) throws(StorageError) in
            _ = try connection.query("PRAGMA max_page_count = 1")
        }
    }

    private let bigPayload = Data(repeating: 7, count: 64 * 1_024)

    @Test func aFullDiskMovesWritesToMemoryAndKeepsTheFileAsItWas() throws {
        let directory = StorageTestDirectory()
        let failures = StorageTestBox<[StorageError]>([])
        let storage = try SDKStorage.open(
            directory: directory.url, name: "test", clock: StorageTestClock()
        ) { failure in failures.update { $0.append(failure) } }
        let first = try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("before"), now: Date())
        try storage.keyValues.set("vh_anon_1", forKey: "identity")
        #expect(!storage.isInMemory)

        try fillUp(storage)
        let second = try storage.queue.enqueue(
            lane: .events, kind: "event", payload: bigPayload, now: Date())
        #expect(storage.isInMemory, "the write that found the disk full moved storage to memory")
        #expect(failures.current == [.full], "said once, with the reason")
        #expect(try storage.queue.nextBatch(limit: 10).map(\.id) == [first])
        #expect(try storage.queue.count() == 2, "the failed write was kept, in memory")
        try storage.keyValues.set("vh_anon_2", forKey: "identity")
        #expect(try storage.keyValues.value(String.self, forKey: "identity") == "vh_anon_2")
        _ = try storage.queue.enqueue(lane: .events, kind: "event", payload: bigPayload, now: Date())
        #expect(failures.current.count == 1, "reported once, not for every later write")
        #expect(try storage.queue.remove(ids: [first, second]) == 2)
        storage.close()

        // The file holds what was stored before the disk filled up, nothing after.
        let reopened = try directory.open()
        #expect(try reopened.queue.nextBatch(limit: 10).map(\.id) == [first])
        #expect(try reopened.queue.count() == 1)
        #expect(try reopened.keyValues.value(String.self, forKey: "identity") == "vh_anon_1")
        #expect(!reopened.isInMemory)
    }

    @Test func readsOrALockedDeviceNeverMoveStorageToMemory() throws {
        let directory = StorageTestDirectory()
        let gate = DataProtectionGate()
        let storage = try directory.open(gate: gate)
        try storage.keyValues.set(1, forKey: "a")
        gate.lock()
        #expect(throws: StorageError.temporarilyUnavailable) { try storage.keyValues.set(2, forKey: "a") }
        gate.unlock()
        #expect(!storage.isInMemory)
        #expect(throws: StorageError.self) { try storage.keyValues.value([String].self, forKey: "a") }
        #expect(!storage.isInMemory)
        #expect(try storage.keyValues.value(Int.self, forKey: "a") == 1)
    }

    @Test func aCopyInMemoryReadsTheFileAndWritesNothing() throws {
        let directory = StorageTestDirectory()
        let original = try directory.open()
        let queued = try original.queue.enqueueMany(
            [
                NewQueueItem(lane: .identityLinks, kind: "link", payload: payloadBytes("l")),
                NewQueueItem(lane: .events, kind: "event", payload: payloadBytes("e")),
            ], now: Date())
        try original.keyValues.set("vh_anon_1", forKey: "identity")
        original.close()
        let before = try directoryContents(directory.url)

        let copy = try SDKStorage.inMemoryCopy(directory: directory.url, name: "test")
        #expect(copy.isInMemory)
        #expect(try copy.keyValues.value(String.self, forKey: "identity") == "vh_anon_1")
        #expect(try copy.queue.nextBatch(limit: 10).map(\.id) == [queued[0]])
        #expect(try copy.queue.count() == 2)
        let later = try copy.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("x"), now: Date())
        #expect(later > queued[1], "new IDs still sort after the stored ones")
        try copy.queue.remove(ids: queued)
        try copy.keyValues.set("vh_anon_2", forKey: "identity")
        copy.close()
        #expect(try directoryContents(directory.url) == before, "not a byte of the directory changed")
    }

    @Test func storageAndItsCopyInMemoryFollowLinksOnTheDirectorysPath() throws {
        let directory = StorageTestDirectory()
        let links = StorageTestDirectory()
        try FileManager.default.createDirectory(at: links.url, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let linkedFolder = links.url.appendingPathComponent("folder")
        let linkedParent = links.url.appendingPathComponent("parent")
        #expect(symlink(directory.url.path, linkedFolder.path) == 0)
        #expect(symlink(directory.url.deletingLastPathComponent().path, linkedParent.path) == 0)

        let linked = try SDKStorage.open(directory: linkedFolder, name: "test")
        #expect(!linked.isInMemory)
        #expect(linked.openReport.movedAside.isEmpty)
        try linked.keyValues.set("vh_anon_1", forKey: "identity")
        linked.close()
        let throughParent = linkedParent.appendingPathComponent(directory.url.lastPathComponent)
        let reopened = try SDKStorage.open(directory: throughParent, name: "test")
        #expect(try reopened.keyValues.value(String.self, forKey: "identity") == "vh_anon_1")
        // Compared with the resolved path itself: Foundation's `resolvingSymlinksInPath()` drops
        // the `/private` of Apple platforms' `/private/var`.
        let resolved = try StorageFiles.resolvingLinks(directory.url).appendingPathComponent("test.sqlite")
        #expect(reopened.openReport.databaseURL?.path == resolved.path)
        #expect(resolved.path != throughParent.appendingPathComponent("test.sqlite").path)
        reopened.close()
        let copy = try SDKStorage.inMemoryCopy(directory: linkedFolder, name: "test")
        #expect(try copy.keyValues.value(String.self, forKey: "identity") == "vh_anon_1")
        copy.close()
    }

    @Test func aCopyInMemorySeesWhatALiveWriteAheadLogHolds() throws {
        let directory = StorageTestDirectory()
        let live = try directory.open()
        try live.keyValues.set("in the log", forKey: "identity")
        // The files as a killed process leaves them: the database, its log and the log's index.
        let crashed = StorageTestDirectory()
        try FileManager.default.createDirectory(at: crashed.url, withIntermediateDirectories: true)
        for name in try directory.fileNames() {
            try FileManager.default.copyItem(
                at: directory.url.appendingPathComponent(name), to: crashed.url.appendingPathComponent(name))
        }
        live.close()
        #expect(FileManager.default.fileExists(atPath: crashed.databaseURL().path + "-wal"))

        let copy = try SDKStorage.inMemoryCopy(directory: crashed.url, name: "test")
        #expect(try copy.keyValues.value(String.self, forKey: "identity") == "in the log")
    }

    @Test func aCopyOfNothingOrOfAForeignFileIsEmptyMemory() throws {
        let directory = StorageTestDirectory()
        let empty = try SDKStorage.inMemoryCopy(directory: directory.url, name: "test")
        #expect(empty.isInMemory)
        #expect(try empty.queue.count() == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.url.path), "nothing was created")

        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data("not a database at all".utf8).write(to: directory.databaseURL())
        let foreign = try SDKStorage.inMemoryCopy(directory: directory.url, name: "test")
        #expect(try foreign.queue.count() == 0)
        #expect(try directory.fileNames() == ["test.sqlite"], "the foreign file was neither moved nor changed")
        #expect(try Data(contentsOf: directory.databaseURL()) == Data("not a database at all".utf8))
    }

    @Test func aCopyWaitsForALockedDevice() throws {
        let gate = DataProtectionGate(isAvailable: false)
        #expect(throws: StorageError.temporarilyUnavailable) {
            try SDKStorage.inMemoryCopy(directory: StorageTestDirectory().url, name: "test", gate: gate)
        }
    }

    /// Every file in `url` with its bytes.
    private func directoryContents(_ url: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            contents[name] = try Data(contentsOf: url.appendingPathComponent(name))
        }
        return contents
    }
}
