import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

/// Writes queued once by a key (a purchase by its transaction ID): the key and the item are one
/// transaction, across openers of one database too.
@Suite("Queue: items queued once by a key", .timeLimit(.minutes(3)))
struct QueueOnceTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aKeyQueuesOneItemAndARecordedKeyQueuesNothing() throws {
        let storage = try SDKStorage.inMemory()
        let first = try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("1"), now: Self.now, onceKey: "tx-1")
        #expect(first != nil)
        #expect(try storage.queue.isRecordedOnce("tx-1"))
        let again = try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("1"), now: Self.now, onceKey: "tx-1")
        #expect(again == nil)
        #expect(try storage.queue.count() == 1)
        #expect(!(try storage.queue.isRecordedOnce("tx-2")))
    }

    @Test("evenIfRecorded queues again (a restore) and keeps the key recorded")
    func evenIfRecordedQueuesAgain() throws {
        let storage = try SDKStorage.inMemory()
        let payload = payloadBytes("1")
        try storage.queue.enqueue(lane: .purchases, kind: "purchase", payload: payload, now: Self.now, onceKey: "tx-1")
        let restored = try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payload, now: Self.now, onceKey: "tx-1", evenIfRecorded: true)
        #expect(restored != nil)
        #expect(try storage.queue.count() == 2)
        #expect(try storage.queue.isRecordedOnce("tx-1"))
    }

    @Test("a key is recorded only with its item: when the item cannot be stored, neither is the key")
    func theKeyAndTheItemAreOneTransaction() throws {
        let storage = try SDKStorage.inMemory()
        try storage.database.access { (connection) throws(StorageError) in
            try connection.execute(
                "CREATE TRIGGER refuse BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        #expect(throws: StorageError.self) {
            try storage.queue.enqueue(
                lane: .purchases, kind: "purchase", payload: payloadBytes("1"), now: Self.now, onceKey: "tx-1")
        }
        #expect(!(try storage.queue.isRecordedOnce("tx-1")))
    }

    @Test("keys recorded without an item (an earlier version's list) make later enqueues of them no-ops")
    func recordedKeysWithoutItems() throws {
        let storage = try SDKStorage.inMemory()
        try storage.queue.recordOnce(keys: ["tx-1", "tx-2", "tx-1"], now: Self.now)
        #expect(try storage.queue.isRecordedOnce("tx-2"))
        let queued = try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("1"), now: Self.now, onceKey: "tx-1")
        #expect(queued == nil)
        #expect(try storage.queue.count() == 0)
    }

    @Test("two openers of one database queueing the same 300 keys at once queue each once")
    func twoOpenersQueueEachKeyOnce() throws {
        let directory = StorageTestDirectory()
        let storages = [try directory.open(), try directory.open()]
        let queued = StorageTestBox(0)
        let done = DispatchGroup()
        for storage in storages {
            done.enter()
            Thread {
                for index in 0..<300 {
                    let id = try? storage.queue.enqueue(
                        lane: .purchases, kind: "purchase", payload: payloadBytes("\(index)"), now: Date(),
                        onceKey: "tx-\(index)")
                    if id != nil { queued.update { $0 += 1 } }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(queued.current == 300)
        #expect(try storages.map { try $0.queue.count() } == [300, 300])
    }

    @Test("a database of schema version 1 keeps its items and gains the once-table")
    func aVersionOneDatabaseIsMigrated() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let old = try SQLiteConnection(path: directory.databaseURL().path)
        _ = try StorageSchema(migrations: Array(StorageSchema.current.migrations.prefix(1))).migrate(old, from: 0)
        try old.query(
            "INSERT INTO outbox (id, lane, kind, payload, attempts, created_at) VALUES (?, 1, 'purchase', x'31', 0, 0)",
            [.text("0190b6f4-0000-7000-8000-000000000001")])
        old.close()

        let storage = try directory.open()
        #expect(storage.openReport.appliedMigrations == Array(2...StorageSchema.current.version))
        #expect(try storage.queue.count() == 1)
        let queued = try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("1"), now: Self.now, onceKey: "tx-1")
        #expect(queued != nil)
    }
}
