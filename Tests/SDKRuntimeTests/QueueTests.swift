import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

@Suite("DeliveryQueue: the durable outbox", .timeLimit(.minutes(3)))
struct QueueTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func itemsSurviveCloseAndReopen() throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        let id = try first.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("p1"), now: now)
        first.close()

        let second = try directory.open()
        let batch = try second.queue.nextBatch(limit: 10)
        #expect(
            batch == [
                QueueItem(
                    id: id, lane: .purchases, kind: "purchase", payload: payloadBytes("p1"), createdAt: now)
            ])
    }

    @Test func anEnqueueOnConditionStoresNothingOnceAnotherConnectionHasCommitted() throws {
        let directory = StorageTestDirectory()
        let here = try directory.open()
        let elsewhere = try directory.open()
        let seen = try here.keyValues.otherWritersVersion()
        let stored = try here.queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("e1"), now: now, ifNoOtherWritersSince: seen)
        #expect(stored != nil)
        #expect(try here.keyValues.otherWritersVersion() == seen)

        try elsewhere.keyValues.set("x", forKey: "written elsewhere")
        let refused = try here.queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("e2"), now: now, ifNoOtherWritersSince: seen)
        #expect(refused == nil)
        #expect(try here.queue.nextBatch(limit: 10).map(\.id) == [stored])

        let newer = try here.keyValues.otherWritersVersion()
        #expect(newer != seen)
        let storedAgain = try here.queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("e2"), now: now, ifNoOtherWritersSince: newer)
        #expect(try here.queue.nextBatch(limit: 10).map(\.id) == [stored, storedAgain])
        here.close()
        elsewhere.close()
    }

    @Test func lowerLanesGoFirstAndABatchIsOneLaneAndOneKind() throws {
        let queue = try SDKStorage.inMemory().queue
        let event = try queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("e"), now: now)
        let purchase = try queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("p"), now: now)
        let link = try queue.enqueue(
            lane: .identityLinks, kind: "identify", payload: payloadBytes("i"), now: now)
        let attribute = try queue.enqueue(
            lane: .attributes, kind: "attributes", payload: payloadBytes("a"), now: now)
        let group = try queue.enqueue(
            lane: .attributes, kind: "group", payload: payloadBytes("g"), now: now)
        let attribute2 = try queue.enqueue(
            lane: .attributes, kind: "attributes", payload: payloadBytes("a2"), now: now)

        var order: [[QueueItemID]] = []
        while case let batch = try queue.nextBatch(limit: 10), !batch.isEmpty {
            order.append(batch.map(\.id))
            try queue.remove(ids: batch.map(\.id))
        }
        #expect(order == [[link], [purchase], [attribute], [group], [attribute2], [event]])
    }

    @Test func batchesRespectTheLimitAndTheOrderOfIDs() throws {
        let queue = try SDKStorage.inMemory().queue
        let ids = try (0..<5).map { index in
            try queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("\(index)"), now: now)
        }
        #expect(try queue.nextBatch(limit: 3).map(\.id) == Array(ids.prefix(3)))
        #expect(try queue.nextBatch(limit: 0).isEmpty)
    }

    @Test func idsAreUUIDv7AndStrictlyIncreasingWithinAMillisecond() throws {
        let queue = try SDKStorage.inMemory().queue
        let ids = try (0..<1000).map { _ in
            try queue.enqueue(lane: .events, kind: "event", payload: Data(), now: now)
        }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let characters = Array(id.rawValue)
            #expect(characters.count == 36)
            #expect(characters[14] == "7")
            #expect("89ab".contains(characters[19]))
            #expect(id.rawValue.hasPrefix("018bcfe5-6800"))  // 1_700_000_000_000 ms
        }
    }

    @Test func idsKeepIncreasingWhenTheClockGoesBackAcrossReopen() throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        let late = try first.queue.enqueue(
            lane: .events, kind: "event", payload: Data(), now: now + 3600)
        first.close()

        let second = try directory.open()
        let early = try second.queue.enqueue(lane: .events, kind: "event", payload: Data(), now: now)
        #expect(early > late)
        #expect(try second.queue.nextBatch(limit: 10).map(\.id) == [late, early])
    }

    @Test func idsAlsoSortAfterQuarantinedOnes() throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        let late = try first.queue.enqueue(
            lane: .events, kind: "event", payload: Data(), now: now + 3600)
        try first.queue.quarantine(id: late, reason: "undecodable", now: now)
        first.close()

        let early = try directory.open().queue.enqueue(
            lane: .events, kind: "event", payload: Data(), now: now)
        #expect(early > late)
    }

    @Test func removalIsByIDOnly() throws {
        let queue = try SDKStorage.inMemory().queue
        let a = try queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("a"), now: now)
        let b = try queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("b"), now: now)
        let c = try queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("c"), now: now)
        #expect(try queue.remove(ids: [b, QueueItemID(rawValue: "not-an-id")]) == 1)
        #expect(try queue.nextBatch(limit: 10).map(\.id) == [a, c])
    }

    @Test func attemptsArePersisted() throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        let id = try first.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("p"), now: now)
        try first.queue.recordAttempt(ids: [id], error: "status 503")
        try first.queue.recordAttempt(ids: [id], error: "timed out")
        first.close()

        let item = try #require(try directory.open().queue.nextBatch(limit: 1).first)
        #expect(item.attempts == 2)
        #expect(item.lastError == "timed out")
    }

    @Test func tenThousandEventsInOneCall() throws {
        let directory = StorageTestDirectory()
        let storage = try directory.open()
        let items = (0..<10_000).map {
            NewQueueItem(lane: .events, kind: "event", payload: payloadBytes("{\"n\":\($0)}"))
        }
        let ids = try storage.queue.enqueueMany(items, now: now)
        #expect(ids.count == 10_000)
        #expect(ids == ids.sorted())
        #expect(try storage.queue.count(lane: .events) == 10_000)
        #expect(try storage.queue.count(lane: .purchases) == 0)
        #expect(
            try storage.queue.nextBatch(limit: 2).map(\.payload) == [
                payloadBytes("{\"n\":0}"), payloadBytes("{\"n\":1}"),
            ])
    }

    @Test func quarantineKeepsTheItemOutOfDelivery() throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        let bad = try first.queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("\u{0}"), now: now)
        let good = try first.queue.enqueue(
            lane: .events, kind: "event", payload: payloadBytes("{}"), now: now)
        let moved = try first.queue.quarantine(id: bad, reason: "undecodable", now: now + 5)
        #expect(moved?.item.id == bad)
        #expect(try first.queue.quarantine(id: bad, reason: "again", now: now) == nil)
        first.close()

        let second = try directory.open()
        #expect(try second.queue.nextBatch(limit: 10).map(\.id) == [good])
        #expect(try second.queue.count() == 1)
        let kept = try second.queue.quarantined()
        #expect(kept.map(\.item.id) == [bad])
        #expect(kept.first?.item.payload == payloadBytes("\u{0}"))
        #expect(kept.first?.reason == "undecodable")
        #expect(kept.first?.quarantinedAt == now + 5)
    }

    @Test func thePauseIsPersisted() throws {
        let directory = StorageTestDirectory()
        let first = try directory.open()
        #expect(try first.queue.pausedUntil == nil)
        try first.queue.pause(until: now + 60)
        first.close()

        let second = try directory.open()
        #expect(try second.queue.pausedUntil == now + 60)
        try second.queue.resume()
        #expect(try second.queue.pausedUntil == nil)
    }

    @Test func aLockedGateChangesNothingAndUnlockingRestoresAccess() throws {
        let directory = StorageTestDirectory()
        let gate = DataProtectionGate()
        let storage = try directory.open(gate: gate)
        let id = try storage.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("p"), now: now)
        try storage.keyValues.set("vh_anon_1", forKey: "identity")

        gate.lock()
        let unavailable = StorageError.temporarilyUnavailable
        #expect(throws: unavailable) {
            try storage.queue.enqueue(lane: .events, kind: "e", payload: Data(), now: now)
        }
        #expect(throws: unavailable) { try storage.queue.nextBatch(limit: 10) }
        #expect(throws: unavailable) { try storage.queue.remove(ids: [id]) }
        #expect(throws: unavailable) { try storage.queue.quarantine(id: id, reason: "x", now: now) }
        #expect(throws: unavailable) { try storage.keyValues.value(String.self, forKey: "identity") }
        #expect(throws: unavailable) { try storage.keyValues.removeValue(forKey: "identity") }

        gate.unlock()
        #expect(try storage.queue.nextBatch(limit: 10).map(\.id) == [id])
        #expect(try storage.queue.quarantined().isEmpty)
        #expect(try storage.keyValues.value(String.self, forKey: "identity") == "vh_anon_1")
    }

    @Test func openingWhileLockedMovesNothingAside() throws {
        let directory = StorageTestDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data("not a database, or maybe just protected".utf8).write(to: directory.databaseURL())
        let gate = DataProtectionGate(isAvailable: false)

        #expect(throws: StorageError.temporarilyUnavailable) { try directory.open(gate: gate) }
        #expect(try directory.fileNames() == ["test.sqlite"])
    }

    @Test func waitingForTheGateEndsWhenItUnlocks() async {
        let gate = DataProtectionGate(isAvailable: false)
        let waiter = Task { await gate.waitUntilAvailable() }
        while gate.waiterCount == 0 { await Task.yield() }
        gate.unlock()
        await waiter.value
        #expect(gate.waiterCount == 0)
        #expect(gate.isAvailable)
    }

    @Test func waitingForTheGateEndsWhenCancelled() async {
        let gate = DataProtectionGate(isAvailable: false)
        let waiter = Task { await gate.waitUntilAvailable() }
        waiter.cancel()
        await waiter.value
        #expect(!gate.isAvailable)
    }
}

@Suite("DeliveryQueue: failures", .timeLimit(.minutes(3)))
struct QueueFailureTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aFullDiskIsAClearErrorAndABatchIsAllOrNothing() throws {
        let storage = try SDKStorage.inMemory()
        try storage.queue.enqueue(lane: .events, kind: "event", payload: payloadBytes("kept"), now: now)
        let pages = try storage.database.access { (connection) throws(StorageError) -> Int64 in
            try connection.query("PRAGMA page_count").first?.integer(0) ?? 0
        }
        try storage.database.access { (connection) throws(StorageError) in
            try connection.query("PRAGMA max_page_count = \(pages + 2)")
        }
        let big = NewQueueItem(lane: .events, kind: "event", payload: Data(count: 4096))
        #expect(throws: StorageError.full) {
            try storage.queue.enqueueMany(Array(repeating: big, count: 10), now: now)
        }
        #expect(try storage.queue.count() == 1)
        #expect(try storage.queue.nextBatch(limit: 10).map(\.payload) == [payloadBytes("kept")])
    }

    @Test func anEmptyPayloadRoundTrips() throws {
        let queue = try SDKStorage.inMemory().queue
        try queue.enqueue(lane: .events, kind: "ping", payload: Data(), now: now)
        #expect(try queue.nextBatch(limit: 1).first?.payload == Data())
    }
}
