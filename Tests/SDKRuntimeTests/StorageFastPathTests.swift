import Foundation
@testable import SDKPersistence
import Testing

@testable import SDKRuntime

/// The two shortcuts that keep capture and opening fast: events and attributes are committed
/// without a disk sync, and opening does not read every page of the queue.
@Suite("Storage: unsynced event commits and the open-time check", .timeLimit(.minutes(3)))
struct StorageFastPathTests {
    @Test func identityLinksAndPurchasesAreSyncedEventsAndAttributesAreNot() {
        #expect(DeliveryLane.identityLinks.isSyncedToDisk)
        #expect(DeliveryLane.purchases.isSyncedToDisk)
        #expect(!DeliveryLane.attributes.isSyncedToDisk)
        #expect(!DeliveryLane.events.isSyncedToDisk)
    }

    @Test func aTransactionSyncsOnlyWhenAsked() throws {
        let directory = StorageTestDirectory()
        let storage = try directory.open()
        let synchronous = "PRAGMA synchronous"
        let unsynced = try storage.database.transaction(synced: false) {
            (connection) throws(StorageError) in
            try connection.query(synchronous).first?.integer(0)
        }
        let synced = try storage.database.transaction { (connection) throws(StorageError) in
            try connection.query(synchronous).first?.integer(0)
        }
        #expect(unsynced == 1)  // NORMAL
        #expect(synced == 2)  // FULL, restored for everything else
    }

    @Test func anEventEnqueueIsStoredAndReadBackLikeAnyOther() throws {
        let directory = StorageTestDirectory()
        let clock = StorageTestClock()
        do {
            let storage = try directory.open(clock: clock)
            try storage.queue.enqueue(
                lane: .events, kind: "event", payload: payloadBytes("e"), now: clock.now())
            try storage.queue.enqueue(
                lane: .purchases, kind: "purchase", payload: payloadBytes("p"), now: clock.now())
            storage.close()
        }
        let reopened = try directory.open(clock: clock)
        #expect(try reopened.queue.count(lane: .events) == 1)
        #expect(try reopened.queue.nextBatch(limit: 10).map(\.kind) == ["purchase"])
    }

    @Test func aDamagedQueuePageIsFoundWhenReadAndTheNextOpenMovesTheFileAside() throws {
        let directory = StorageTestDirectory()
        let clock = StorageTestClock()
        do {
            let storage = try directory.open(clock: clock)
            let payload = Data(repeating: 0x41, count: 300)
            try storage.queue.enqueueMany(
                (0..<2_000).map { _ in NewQueueItem(lane: .events, kind: "event", payload: payload) },
                now: clock.now())
            storage.close()
        }
        try damageOneQueueDataPage(directory.databaseURL())
        let marker = StorageFiles.verifyMarker(databasePath: directory.databaseURL().path)

        let opened = try directory.open(clock: clock)
        #expect(opened.openReport.movedAside.isEmpty)
        #expect(!StorageFiles.exists(marker))
        #expect(throws: StorageError.corrupt) { try opened.queue.nextBatch(limit: 10_000) }
        #expect(StorageFiles.exists(marker))
        opened.close()

        let reopened = try directory.open(clock: clock)
        #expect(reopened.openReport.movedAside.map(\.reason) == [.unreadable])
        #expect(reopened.openReport.createdNewDatabase)
        #expect(!StorageFiles.exists(marker))
        #expect(try reopened.queue.count() == 0)
    }

    /// Overwrites one table leaf page past the schema's own pages (so one holding queue rows)
    /// with garbage, leaving every index page intact.
    private func damageOneQueueDataPage(_ url: URL) throws {
        var bytes = try Data(contentsOf: url)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pages = bytes.count / pageSize
        let tableLeaf: UInt8 = 0x0D
        let page = try #require((pages / 2..<pages).first { bytes[$0 * pageSize] == tableLeaf })
        for offset in page * pageSize..<(page + 1) * pageSize {
            bytes[offset] = UInt8(truncatingIfNeeded: offset &* 131 &+ 7)
        }
        try bytes.write(to: url)
    }
}
