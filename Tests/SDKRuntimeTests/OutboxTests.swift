import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

@Suite("Outbox: the queue, its drains and their numbers", .timeLimit(.minutes(3)))
struct OutboxTests {
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))

    /// Batching that never starts a drain in these tests unless they say so.
    static let noBatching = Outbox.Batching(count: .max, within: .seconds(86_400))

    func outbox(
        _ storage: SDKStorage, sender: RecordingBatchSender, stalls: StorageTestBox<[UInt64]>,
        batching: Outbox.Batching = noBatching
    ) -> Outbox {
        Outbox(
            queue: storage.queue, clock: clock, batchLimit: 10, batching: batching,
            observers: Outbox.Observers(stalled: { drain in stalls.update { $0.append(drain) } }),
            send: sender.send)
    }

    func enqueueLink(_ storage: SDKStorage, _ name: String) throws -> QueueItemID {
        try storage.queue.enqueue(lane: .identityLinks, kind: "k", payload: payloadBytes(name), now: clock.now())
    }

    @Test("a stall names its drain; an attempt lifts its lane's back-off in the drain whose number it returns")
    func anAttemptIsMadeByTheDrainItNames() async throws {
        let storage = try SDKStorage.inMemory()
        let first = try enqueueLink(storage, "first")
        let stalls = StorageTestBox<[UInt64]>([])
        let sender = RecordingBatchSender { _, number in number == 0 ? .retryLater(retryAfter: nil) : .delivered }
        let outbox = outbox(storage, sender: sender, stalls: stalls)

        await outbox.flush()
        #expect(stalls.current == [1])
        let second = try enqueueLink(storage, "second")
        await outbox.flush()
        #expect(stalls.current == [1, 2], "the back-off holds the lane: nothing is sent")
        #expect(sender.sent == [[first]])

        #expect(await outbox.attempt(through: .identityLinks) == 3)
        await outbox.flush()
        #expect(sender.sent == [[first], [first, second]])
        #expect(stalls.current == [1, 2])
        #expect(try storage.queue.count() == 0)
        await outbox.stop()
    }

    func enqueueEvent(_ storage: SDKStorage, _ name: String) throws -> QueueItemID {
        try storage.queue.enqueue(lane: .events, kind: "k", payload: payloadBytes(name), now: clock.now())
    }

    @Test("noted items start a drain by themselves once a batch's worth waits, counted from the last drain")
    func aBatchsWorthOfNotedItemsStartsADrain() async throws {
        let storage = try SDKStorage.inMemory()
        let sender = RecordingBatchSender()
        let outbox = outbox(
            storage, sender: sender, stalls: StorageTestBox([]),
            batching: Outbox.Batching(count: 3, within: .seconds(30)))
        let first = try (0..<3).map { try enqueueEvent(storage, "first \($0)") }
        outbox.noteQueued(2)
        await clock.waitForSleepers(1)  // the batching timer, which nobody moves here
        #expect(sender.sent.isEmpty, "two of three: no drain yet")
        outbox.noteQueued()
        #expect(await eventually { sender.sent == [first] })
        await outbox.flush()  // that drain is over: it cannot pick up the next items one by one

        let second = try (0..<3).map { try enqueueEvent(storage, "second \($0)") }
        outbox.noteQueued(3)
        #expect(await eventually { sender.sent == [first, second] }, "counted again from the drain")
        await outbox.stop()
    }

    @Test("a noted item starts a drain once the batching time has passed since the first noted")
    func aNotedItemStartsADrainWithinTheBatchingTime() async throws {
        let storage = try SDKStorage.inMemory()
        let sender = RecordingBatchSender()
        let outbox = outbox(
            storage, sender: sender, stalls: StorageTestBox([]),
            batching: Outbox.Batching(count: 20, within: .seconds(30)))
        let event = try enqueueEvent(storage, "alone")
        outbox.noteQueued()
        await clock.waitForSleepers(1)
        outbox.noteQueued()  // a second note while the timer runs starts no other timer
        clock.advance(by: .seconds(29))
        #expect(sender.sent.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(await eventually { sender.sent == [[event]] })
        await outbox.stop()
    }

    @Test func anAttemptForAnEarlierLaneLeavesALaterLanesBackOff() async throws {
        let storage = try SDKStorage.inMemory()
        let event = try storage.queue.enqueue(lane: .events, kind: "k", payload: payloadBytes("e"), now: clock.now())
        let stalls = StorageTestBox<[UInt64]>([])
        let sender = RecordingBatchSender { batch, _ in
            batch[0].lane == .events ? .retryLater(retryAfter: nil) : .delivered
        }
        let outbox = outbox(storage, sender: sender, stalls: stalls)

        await outbox.flush()
        let link = try enqueueLink(storage, "link")
        #expect(await outbox.attempt(through: .identityLinks) == 2)
        await outbox.flush()
        #expect(sender.sent == [[event], [link]], "the event batch still waits out its back-off")
        // flush() may ask for one more drain if drain 2 had begun: it stalls too.
        #expect(stalls.current.prefix(2) == [1, 2])
        await outbox.stop()
    }

    @Test("an item settled during a send is removed at once; the failed one after it is charged")
    func aSettledItemIsRemovedAtOnce() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try ["a", "b", "c"].map { try enqueueLink(storage, $0) }
        let stillQueued = StorageTestBox<[QueueItemID]>([])
        let pump = DeliveryPump(queue: storage.queue, clock: clock) { batch, settle in
            settle(batch[0].id, nil)
            stillQueued.update { $0 = (try? storage.queue.nextBatch(limit: 10).map(\.id)) ?? [] }
            return .retryLater(retryAfter: nil)
        }
        guard case .backingOff = await pump.drain() else {
            Issue.record("expected a back-off")
            return
        }
        #expect(stillQueued.current == [ids[1], ids[2]])
        let left = try storage.queue.nextBatch(limit: 10)
        #expect(left.map(\.id) == [ids[1], ids[2]])
        #expect(left.map(\.attempts) == [1, 0])
    }

    /// What spinning tasks and a drain share: how many spinners run, and whether the drain is done.
    final class PoolSignals: Sendable {
        let started = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
    }

    /// Tasks that spin on every thread of Swift's cooperative pool until `signals.done` is
    /// raised (or a cap passes, and then report that it did), counting themselves as they start.
    static func saturatePool(_ signals: PoolSignals) -> [Task<Bool, Never>] {
        (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { () -> Bool in
                signals.started.add(1, ordering: .relaxed)
                let cap = ContinuousClock.now + .seconds(30)
                while !signals.done.load(ordering: .acquiring) {
                    if ContinuousClock.now > cap { return false }
                }
                return true
            }
        }
    }

    @Test("a drain runs to its end while the app's tasks hold every thread of the cooperative pool")
    func aDrainRunsWhileThePoolIsBusy() async throws {
        let storage = try SDKStorage.inMemory()
        for index in 0..<3 {
            try storage.queue.enqueue(lane: .events, kind: "k", payload: payloadBytes("\(index)"), now: clock.now())
        }
        let signals = PoolSignals()
        let busy = ProcessInfo.processInfo.activeProcessorCount
        let outbox = Outbox(
            queue: storage.queue, clock: clock, batchLimit: 1, batching: Self.noBatching,
            observers: Outbox.Observers(emptied: { signals.done.store(true, ordering: .releasing) }),
            send: { _, _ in
                // Each batch is sent only once the pool is full, with turns of its own after.
                while signals.started.load(ordering: .relaxed) < busy { await Task.yield() }
                for _ in 0..<3 { await Task.yield() }
                return .delivered
            })
        await outbox.kick()
        let spinners = Self.saturatePool(signals)
        var allStoppedByTheDrain = true
        for spinner in spinners where await !spinner.value { allStoppedByTheDrain = false }
        #expect(allStoppedByTheDrain, "the drain only ended once the pool was free again")
        await outbox.flush()
        #expect(try storage.queue.count() == 0)
        await outbox.stop()
    }
}
