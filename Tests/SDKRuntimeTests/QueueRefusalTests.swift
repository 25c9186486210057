import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

/// What the queue keeps of an item refused for good: the refusal outlives the item, so that a
/// process sharing the storage, whose call waits for that item, learns it was refused.
@Suite("Queue: refusals kept for the processes sharing it", .timeLimit(.minutes(3)))
struct QueueRefusalTests {
    @Test func anItemSettledAsRefusedIsRemovedAndAnotherOpenerReadsWhy() async throws {
        let shared = try DeliveryClaimTests.SharedQueue()
        let refused = try shared.first.queue.enqueue(
            lane: .identityLinks, kind: "k", payload: payloadBytes("refused"), now: shared.clock.now())
        let accepted = try shared.first.queue.enqueue(
            lane: .identityLinks, kind: "k", payload: payloadBytes("accepted"), now: shared.clock.now())
        let refusal = ItemRefusal(code: "PERSON_WRITE_REJECTED", message: "the link was refused")
        let pump = DeliveryPump(queue: shared.first.queue, clock: shared.clock) { batch, settle in
            settle(batch[0].id, refusal)
            settle(batch[1].id, nil)
            return .delivered
        }

        #expect(await pump.drain() == .emptied)
        #expect(try shared.second.queue.storedIDs(among: [refused, accepted]).isEmpty)
        #expect(try shared.second.queue.refusals(among: [refused, accepted]) == [refused: refusal])
    }

    @Test func onlyTheLatestRefusalsAreKept() throws {
        let directory = StorageTestDirectory()
        let storage = try directory.open()
        let count = DeliveryQueue.refusalsKept + 5
        let ids = try (0..<count).map { index in
            let id = try storage.queue.enqueue(
                lane: .attributes, kind: "k", payload: payloadBytes("\(index)"), now: Date())
            try storage.queue.remove(ids: [id], refusal: ItemRefusal(code: "CODE_\(index)", message: "refused"))
            return id
        }

        let kept = try storage.queue.refusals(among: ids)
        #expect(kept.count == DeliveryQueue.refusalsKept)
        #expect(kept[ids[4]] == nil)
        #expect(kept[ids[5]]?.code == "CODE_5")
        #expect(kept[ids[count - 1]]?.code == "CODE_\(count - 1)")
    }
}
