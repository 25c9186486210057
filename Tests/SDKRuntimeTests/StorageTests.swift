import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

@Suite("Storage: opening, key values, files", .timeLimit(.minutes(3)))
struct StorageTests {
    struct Identity: Codable, Equatable {
        var distinctID: String
        var isAnonymous: Bool
    }

    @Test func keyValuesSurviveCloseAndReopen() throws {
        let directory = StorageTestDirectory()
        let clock = StorageTestClock()
        let first = try directory.open(clock: clock)
        try first.keyValues.set(
            Identity(distinctID: "vh_anon_1", isAnonymous: true), forKey: "identity")
        first.close()

        let second = try directory.open(clock: clock)
        let entry = try second.keyValues.entry(Identity.self, forKey: "identity")
        #expect(entry?.value == Identity(distinctID: "vh_anon_1", isAnonymous: true))
        #expect(entry?.storedAt == clock.now())
    }

    @Test func storedAtComesFromTheClock() throws {
        let directory = StorageTestDirectory()
        let clock = StorageTestClock()
        let storage = try directory.open(clock: clock)
        try storage.keyValues.set("first", forKey: "a")
        clock.advance(by: 300)
        try storage.keyValues.set("second", forKey: "b")
        #expect(try storage.keyValues.entry(String.self, forKey: "a")?.storedAt == clock.now() - 300)
        #expect(try storage.keyValues.entry(String.self, forKey: "b")?.storedAt == clock.now())
    }

    @Test func setRemoveAndMissingKeys() throws {
        let storage = try SDKStorage.inMemory()
        #expect(try storage.keyValues.value(String.self, forKey: "missing") == nil)
        try storage.keyValues.set(["company": "acme"], forKey: "groups")
        try storage.keyValues.set(["team": "design"], forKey: "groups")
        #expect(
            try storage.keyValues.value([String: String].self, forKey: "groups") == ["team": "design"])
        try storage.keyValues.removeValue(forKey: "groups")
        #expect(try storage.keyValues.value([String: String].self, forKey: "groups") == nil)
    }

    @Test func setManyAndBatchesChangeSeveralKeys() throws {
        let storage = try SDKStorage.inMemory()
        try storage.keyValues.setMany(["a": 1, "b": 2])
        var batch = KeyValueBatch()
        try batch.set(3, forKey: "c")
        batch.removeValue(forKey: "a")
        try batch.set(20, forKey: "b")
        try storage.keyValues.apply(batch)
        #expect(try storage.keyValues.value(Int.self, forKey: "a") == nil)
        #expect(try storage.keyValues.value(Int.self, forKey: "b") == 20)
        #expect(try storage.keyValues.value(Int.self, forKey: "c") == 3)
    }

    @Test func aValueOfAnotherTypeIsACodingFailureNotACrash() throws {
        let storage = try SDKStorage.inMemory()
        try storage.keyValues.set("text", forKey: "identity")
        #expect {
            try storage.keyValues.value(Identity.self, forKey: "identity")
        } throws: { error in
            guard case StorageError.codingFailed(key: "identity", _) = error else { return false }
            return true
        }
    }

    @Test func aValueThatCannotBeEncodedChangesNothing() throws {
        let storage = try SDKStorage.inMemory()
        try storage.keyValues.set(1.0, forKey: "number")
        #expect(throws: StorageError.self) { try storage.keyValues.set(Double.nan, forKey: "number") }
        #expect(try storage.keyValues.value(Double.self, forKey: "number") == 1.0)
    }

    @Test func aFailedTransactionIsRolledBack() throws {
        let connection = try SQLiteConnection(path: nil)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        #expect(throws: StorageError.closed) {
            try connection.inTransaction { () throws(StorageError) in
                try connection.query("INSERT INTO t (x) VALUES (?)", [.integer(1)])
                throw StorageError.closed
            }
        }
        #expect(try connection.query("SELECT count(*) FROM t").first?.integer(0) == 0)
    }

    /// Two storages on one directory (two processes) each store a value under a key only when
    /// none is stored, at the same moment, 200 times: every time one of them stores its value
    /// and the other reads it, so both go on with the same value.
    @Test func aValueStoredOnlyWhenMissingIsStoredOnceByStoragesRacing() throws {
        let directory = StorageTestDirectory()
        let storages = [try directory.open(), try directory.open()]
        let rounds = 200
        let seen = Mutex([[String]](repeating: [], count: rounds))
        raceRounds(rounds) { index, round in
            let value = try? storages[index].keyValues.update { (reader) throws(StorageError) in
                let key = "first-\(round)"
                if let stored = try reader.value(String.self, forKey: key) { return (stored, KeyValueBatch()) }
                var batch = KeyValueBatch()
                try batch.set("storage \(index)", forKey: key)
                return ("storage \(index)", batch)
            }
            seen.withLock { $0[round].append(value ?? "failed") }
        }
        for (round, values) in seen.withLock({ $0 }).enumerated() {
            let stored = try storages[0].keyValues.value(String.self, forKey: "first-\(round)")
            #expect(values.count == 2 && values.allSatisfy { $0 == stored }, "round \(round): \(values)")
        }
    }

    @Test func migrationsRunOnceAndRecordTheVersion() throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        #expect(first.openReport.createdNewDatabase)
        #expect(first.openReport.appliedMigrations == Array(1...StorageSchema.current.version))
        first.close()

        let second = try directory.open()
        #expect(!second.openReport.createdNewDatabase)
        #expect(second.openReport.appliedMigrations.isEmpty)
        #expect(second.openReport.schemaVersion == StorageSchema.current.version)
        second.close()

        let connection = try SQLiteConnection(path: directory.databaseURL().path)
        #expect(
            try connection.query("PRAGMA user_version").first?.integer(0)
                == Int64(StorageSchema.current.version))
    }

    @Test func eachMigrationIsItsOwnTransaction() throws {
        let connection = try SQLiteConnection(path: nil)
        let schema = StorageSchema(migrations: [
            "CREATE TABLE one (x INTEGER);",
            "CREATE TABLE two (x INTEGER); CREATE TABLE one (x INTEGER);",
        ])
        #expect(throws: StorageError.self) { try schema.migrate(connection, from: 0) }
        #expect(try connection.query("PRAGMA user_version").first?.integer(0) == 1)
        let tables = try connection.query("SELECT name FROM sqlite_master ORDER BY name")
        #expect(try tables.map { try $0.text(0) } == ["one"])
        #expect(
            try StorageSchema(migrations: ["CREATE TABLE one (x INTEGER);"]).migrate(connection, from: 1)
                == [])
    }

    @Test func filesAreReadableByTheOwnerOnly() throws {
        let directory = StorageTestDirectory()
        let nested = directory.url.appendingPathComponent("a/b")
        let storage = try SDKStorage.open(directory: nested, name: "test")
        try storage.queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("{}"), now: Date())
        #expect(try permissionBits(directory.url) == 0o700)
        #expect(try permissionBits(directory.url.appendingPathComponent("a")) == 0o700)
        #expect(try permissionBits(nested) == 0o700)
        let database = nested.appendingPathComponent("test.sqlite")
        for suffix in ["", "-wal", "-shm"] {
            let file = URL(fileURLWithPath: database.path + suffix)
            #expect(FileManager.default.fileExists(atPath: file.path), "\(suffix) exists")
            #expect(try permissionBits(file) == 0o600, "\(suffix) is 0600")
        }
    }

    @Test func anExistingFileIsRestrictedToTheOwner() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(
                atPath: directory.databaseURL().path, contents: nil, attributes: [.posixPermissions: 0o644])
        )
        _ = try directory.open()
        #expect(try permissionBits(directory.databaseURL()) == 0o600)
    }

    @Test func garbageIsMovedAsideNotDeleted() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try garbage.write(to: directory.databaseURL())
        let clock = StorageTestClock(Date(timeIntervalSince1970: 1_700_000_000.5))

        let storage = try directory.open(clock: clock)
        let moved = try #require(storage.openReport.movedAside.first)
        #expect(moved.reason == .unreadable)
        #expect(moved.url.lastPathComponent == "test.corrupt-1700000000500")
        #expect(try Data(contentsOf: moved.url) == garbage)
        #expect(storage.openReport.createdNewDatabase)
        try storage.queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("{}"), now: clock.now())
        #expect(try storage.queue.count() == 1)
    }

    @Test func aForeignDatabaseIsMovedAside() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let foreign = try SQLiteConnection(path: directory.databaseURL().path)
        try foreign.execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me');")
        foreign.close()

        let storage = try directory.open()
        let moved = try #require(storage.openReport.movedAside.first)
        #expect(moved.reason == .foreign)
        let kept = try SQLiteConnection(path: moved.url.path)
        #expect(try kept.query("SELECT text FROM notes").first?.text(0) == "keep me")
    }

    @Test func aNewerSchemaIsMovedAside() throws {
        let directory = StorageTestDirectory()
        try directory.open().close()
        let newer = try SQLiteConnection(path: directory.databaseURL().path)
        try newer.execute("PRAGMA user_version = \(StorageSchema.current.version + 1)")
        newer.close()

        let storage = try directory.open()
        let moved = try #require(storage.openReport.movedAside.first)
        #expect(moved.reason == .newerSchema(version: StorageSchema.current.version + 1))
        #expect(storage.openReport.appliedMigrations == Array(1...StorageSchema.current.version))
    }

    @Test func aReadOnlyDirectoryIsAClearError() throws {
        let directory = StorageTestDirectory()
        let target: URL
        if geteuid() != 0 {
            try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o500], ofItemAtPath: directory.url.path)
            target = directory.url.appendingPathComponent("sdk")
        } else {
            // Permissions do not stop root; sysfs refuses new directories even to root (EPERM).
            target = URL(fileURLWithPath: "/sys/sdkruntime-storage-test")
        }
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o700], ofItemAtPath: directory.url.path)
        }
        #expect(throws: StorageError.readOnly) { try SDKStorage.open(directory: target, name: "test") }
    }

    @Test func aNameMustBeAPlainFileName() throws {
        let directory = StorageTestDirectory()
        for name in ["", ".", "..", "a/b"] {
            #expect(throws: StorageError.invalidName(name)) { try directory.open(name: name) }
        }
    }

    @Test func inMemoryStorageWorksWithoutAFile() throws {
        let storage = try SDKStorage.inMemory()
        #expect(storage.openReport.databaseURL == nil)
        try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("p"), now: Date())
        #expect(try storage.queue.count(lane: .purchases) == 1)
    }

    @Test func aClosedStorageSaysSo() throws {
        let storage = try SDKStorage.inMemory()
        storage.close()
        #expect(throws: StorageError.closed) { try storage.queue.count() }
    }
}
