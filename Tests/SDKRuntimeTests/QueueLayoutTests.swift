import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

/// How the outbox lies in the file: items by position, indexes that leave the events lane out,
/// and databases of the earlier layout carried over with every item.
@Suite("DeliveryQueue: the outbox's layout", .timeLimit(.minutes(3)))
struct QueueLayoutTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// The pages one enqueue writes to the log: the log is emptied first, then read back.
    private func pagesWritten(by enqueue: () throws -> Void, in storage: SDKStorage) throws -> Int64 {
        try storage.queue.database.access { (connection) throws(StorageError) in
            _ = try connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try enqueue()
        return try storage.queue.database.access { (connection) throws(StorageError) -> Int64 in
            try connection.query("PRAGMA wal_checkpoint(PASSIVE)").first?.integer(1) ?? -1
        }
    }

    @Test func anEventIsStoredInOnePageAndAnItemOfAnIndexedLaneInThree() throws {
        let directory = StorageTestDirectory()
        let storage = try directory.open()
        try storage.queue.enqueue(lane: .purchases, kind: "purchase", payload: payloadBytes("p0"), now: now)
        try storage.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("e0"), now: now)

        let event = try pagesWritten(
            by: { try storage.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("e1"), now: now) },
            in: storage)
        let purchase = try pagesWritten(
            by: {
                try storage.queue.enqueue(lane: .purchases, kind: "purchase", payload: payloadBytes("p1"), now: now)
            },
            in: storage)
        #expect(event == 1)
        #expect(purchase == 3)
        storage.close()
    }

    @Test func anEventWhoseIDComesFromElsewhereIsStillFoundRemovedAndQuarantined() throws {
        let queue = try SDKStorage.inMemory().queue
        let events = try (0..<3).map { index in
            try queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("e\(index)"), now: now)
        }
        let readBack = events.map { QueueItemID(rawValue: $0.rawValue) }
        #expect(try queue.storedIDs(among: readBack) == readBack)
        try queue.recordAttempt(ids: [readBack[0]], error: "failed")
        #expect(try queue.nextBatch(limit: 1).first?.attempts == 1)
        #expect(try queue.quarantine(id: readBack[1], reason: "unreadable", now: now)?.item.id == events[1])
        #expect(try queue.remove(ids: [readBack[0], readBack[1]]) == 1)
        #expect(try queue.nextBatch(limit: 10).map(\.id) == [events[2]])
    }

    @Test func anIDWhosePositionNowHoldsAnotherItemFindsNothing() throws {
        let queue = try SDKStorage.inMemory().queue
        let first = try queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("e1"), now: now)
        try queue.remove(ids: [first])
        let second = try queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("e2"), now: now)
        #expect(second.position == first.position, "the position of the last item is given again")
        #expect(try queue.storedIDs(among: [first, second]) == [second])
        #expect(try queue.remove(ids: [first]) == 0)
        #expect(try queue.count() == 1)
    }

    @Test("another storage adding and removing links never makes nextBatch answer nothing while events wait")
    func aBatchIsReadFromOneSnapshot() throws {
        let directory = StorageTestDirectory()
        let reader = try directory.open()
        let writer = try directory.open()
        for index in 0..<20 {
            try reader.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("e\(index)"), now: now)
        }
        let stop = StorageTestBox(false)
        let done = DispatchGroup()
        done.enter()
        Thread {
            while !stop.current {
                if let id = try? writer.queue.enqueue(
                    lane: .identityLinks, kind: "identify", payload: payloadBytes("l"), now: Date())
                {
                    _ = try? writer.queue.remove(ids: [id])
                }
            }
            done.leave()
        }.start()
        var empty = 0
        for _ in 0..<20_000 where try reader.queue.nextBatch(limit: 10).isEmpty {
            empty += 1
        }
        stop.update { $0 = true }
        done.wait()
        #expect(empty == 0)
        reader.close()
        writer.close()
    }

    @Test("a database of the earlier layout keeps every item, its ID and its order")
    func aDatabaseOfTheEarlierLayoutIsCarriedOver() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let old = try SQLiteConnection(path: directory.databaseURL().path)
        let earlier = StorageSchema(migrations: Array(StorageSchema.current.migrations.prefix(3)))
        _ = try earlier.migrate(old, from: 0)
        // Stored out of order: the earlier layout delivered by lane, then ID.
        let rows: [(id: String, lane: Int64, kind: String)] = [
            ("0190b6f4-0000-7000-8000-000000000005", 3, "event"),
            ("0190b6f4-0000-7000-8000-000000000002", 1, "purchase"),
            ("0190b6f4-0000-7000-8000-000000000004", 3, "event"),
            ("0190b6f4-0000-7000-8000-000000000001", 2, "attributes"),
            ("0190b6f4-0000-7000-8000-000000000003", 0, "identify"),
        ]
        for row in rows {
            try old.query(
                "INSERT INTO outbox (id, lane, kind, payload, attempts, created_at) VALUES (?, ?, ?, x'31', 2, 0)",
                [.text(row.id), .integer(row.lane), .text(row.kind)])
        }
        old.close()

        let storage = try directory.open()
        #expect(storage.openReport.appliedMigrations == Array(4...StorageSchema.current.version))
        var order: [String] = []
        while case let batch = try storage.queue.nextBatch(limit: 10), !batch.isEmpty {
            #expect(batch.allSatisfy { $0.attempts == 2 && $0.payload == Data("1".utf8) })
            order.append(batch[0].id.rawValue)
            try storage.queue.remove(ids: [batch[0].id])
        }
        #expect(
            order == [
                "0190b6f4-0000-7000-8000-000000000003", "0190b6f4-0000-7000-8000-000000000002",
                "0190b6f4-0000-7000-8000-000000000001", "0190b6f4-0000-7000-8000-000000000004",
                "0190b6f4-0000-7000-8000-000000000005",
            ])
        let next = try storage.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("e"), now: now)
        #expect(next.rawValue > "0190b6f4-0000-7000-8000-000000000005")
        storage.close()
    }
}
