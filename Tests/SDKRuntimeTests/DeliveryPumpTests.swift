import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

@Suite("DeliveryPump: draining the outbox", .timeLimit(.minutes(3)))
struct DeliveryPumpTests {
    let clock = StorageTestClock()

    func pump(
        _ storage: SDKStorage, batchLimit: Int = 100, sender: RecordingBatchSender,
        dropped: StorageTestBox<[String]> = StorageTestBox([]),
        quarantined: StorageTestBox<[QueueItemID]> = StorageTestBox([])
    ) -> DeliveryPump {
        DeliveryPump(
            queue: storage.queue, clock: clock, batchLimit: batchLimit,
            onDrop: { item, code in dropped.update { $0.append("\(item.id):\(code)") } },
            onQuarantine: { item in quarantined.update { $0.append(item.item.id) } },
            send: sender.send)
    }

    func enqueue(_ storage: SDKStorage, _ lane: DeliveryLane, _ count: Int) throws -> [QueueItemID] {
        try (0..<count).map { index in
            try storage.queue.enqueue(
                lane: lane, kind: "k", payload: payloadBytes("\(index)"), now: clock.now())
        }
    }

    @Test func deliversLaneByLaneInOrderAndRemovesWhatWasSent() async throws {
        let storage = try SDKStorage.inMemory()
        let events = try enqueue(storage, .events, 3)
        let purchases = try enqueue(storage, .purchases, 2)
        let links = try enqueue(storage, .identityLinks, 1)
        let sender = RecordingBatchSender()

        #expect(await pump(storage, batchLimit: 2, sender: sender).drain() == .emptied)
        #expect(sender.sent == [links, purchases, Array(events.prefix(2)), [events[2]]])
        #expect(try storage.queue.count() == 0)
    }

    @Test func anItemEnqueuedDuringASendIsNotRemoved() async throws {
        let storage = try SDKStorage.inMemory()
        let first = try enqueue(storage, .events, 1)
        let late = StorageTestBox<QueueItemID?>(nil)
        let now = clock.now()
        let sender = RecordingBatchSender { _, number in
            guard number == 0 else { return .retryLater(retryAfter: nil) }
            let id = try? storage.queue.enqueue(
                lane: .events, kind: "k", payload: payloadBytes("late"), now: now)
            late.update { $0 = id }
            return .delivered
        }

        let result = await pump(storage, sender: sender).drain()
        guard case .backingOff = result else {
            Issue.record("expected a backoff, got \(result)")
            return
        }
        let lateID = try #require(late.current)
        #expect(sender.sent == [first, [lateID]])
        #expect(try storage.queue.nextBatch(limit: 10).map(\.id) == [lateID])
    }

    @Test func aCrashBetweenSendAndConfirmResendsTheSameID() async throws {
        let directory = StorageTestDirectory()
        let first = try directory.open(clock: clock)
        let id = try first.queue.enqueue(
            lane: .purchases, kind: "purchase", payload: payloadBytes("p"), now: clock.now())
        // The process "dies" while the request is in flight: the storage goes away before the
        // confirmation can be written.
        let dying = RecordingBatchSender { _, _ in
            first.close()
            return .delivered
        }
        #expect(await pump(first, sender: dying).drain() == .storageFailed(.closed))

        let second = try directory.open(clock: clock)
        let resend = RecordingBatchSender()
        #expect(await pump(second, sender: resend).drain() == .emptied)
        #expect(dying.sent == [[id]])
        #expect(resend.sent == [[id]])
        #expect(try second.queue.count() == 0)
    }

    @Test func aPermanentRejectionRemovesAndReports() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try enqueue(storage, .attributes, 3)
        let dropped = StorageTestBox<[String]>([])
        let sender = RecordingBatchSender { _, _ in
            .rejected(ids: [ids[1]], code: "PERSON_WRITE_REJECTED")
        }

        #expect(await pump(storage, sender: sender, dropped: dropped).drain() == .emptied)
        #expect(dropped.current == ["\(ids[1]):PERSON_WRITE_REJECTED"])
        #expect(sender.sent == [ids])
        #expect(try storage.queue.count() == 0)
        #expect(try storage.queue.quarantined().isEmpty)
    }

    @Test func tenThousandEventsDrainInBatches() async throws {
        let directory = StorageTestDirectory()
        let storage = try directory.open(name: "big", clock: clock)
        let items = (0..<10_000).map {
            NewQueueItem(lane: .events, kind: "event", payload: payloadBytes("\($0)"))
        }
        let ids = try storage.queue.enqueueMany(items, now: clock.now())
        let sender = RecordingBatchSender()

        #expect(await pump(storage, batchLimit: 500, sender: sender).drain() == .emptied)
        #expect(sender.sent.count == 20)
        #expect(sender.sent.allSatisfy { $0.count == 500 })
        #expect(sender.sent.flatMap { $0 } == ids)
        #expect(try storage.queue.count() == 0)
    }

    @Test func undecodableItemsAreQuarantinedAndDoNotBlockTheRest() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try enqueue(storage, .events, 3)
        let quarantined = StorageTestBox<[QueueItemID]>([])
        let sender = RecordingBatchSender { batch, _ in
            batch.contains { $0.id == ids[1] } ? .undecodable(ids: [ids[1]]) : .delivered
        }

        #expect(await pump(storage, sender: sender, quarantined: quarantined).drain() == .emptied)
        #expect(sender.sent == [ids, [ids[0], ids[2]]])
        #expect(quarantined.current == [ids[1]])
        #expect(try storage.queue.quarantined().map(\.item.id) == [ids[1]])
        #expect(try storage.queue.quarantined().first?.item.payload == payloadBytes("1"))
    }

    @Test func undecodableIDsOutsideTheBatchBackOffInsteadOfLooping() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try enqueue(storage, .events, 1)
        let sender = RecordingBatchSender { _, _ in .undecodable(ids: [QueueItemID(rawValue: "other")])
        }

        let result = await pump(storage, sender: sender).drain()
        guard case .backingOff = result else {
            Issue.record("expected a backoff, got \(result)")
            return
        }
        #expect(sender.sent == [ids])
        #expect(try storage.queue.count() == 1)
    }

    @Test func aRateLimitPausesTheWholeQueueAcrossRestarts() async throws {
        let directory = StorageTestDirectory()
        let first = try directory.open(clock: clock)
        let purchase = try enqueue(first, .purchases, 1)
        let events = try enqueue(first, .events, 1)
        let limited = RecordingBatchSender { _, _ in .rateLimited(retryAfter: .seconds(60)) }
        let pausedUntil = clock.now() + 60
        #expect(await pump(first, sender: limited).drain() == .paused(until: pausedUntil))
        first.close()

        let second = try directory.open(clock: clock)
        let sender = RecordingBatchSender()
        let secondPump = pump(second, sender: sender)
        clock.advance(by: 59)
        #expect(await secondPump.drain() == .paused(until: pausedUntil))
        #expect(sender.sent.isEmpty)

        clock.advance(by: 1)
        #expect(await secondPump.drain() == .emptied)
        #expect(sender.sent == [purchase, events])
        #expect(try second.queue.pausedUntil == nil)
        #expect(try second.queue.nextBatch(limit: 1).isEmpty)
        #expect(limited.sent == [purchase])
    }

    @Test("a rate limit asking for years pauses the queue for the longest back-off at most")
    func aRateLimitIsCutToTheLongestBackoff() async throws {
        let storage = try SDKStorage.inMemory()
        _ = try enqueue(storage, .events, 1)
        let limited = RecordingBatchSender { _, _ in .rateLimited(retryAfter: .seconds(Int64.max)) }
        let start = clock.now()
        #expect(
            await pump(storage, sender: limited).drain()
                == .paused(until: start + DeliveryBackoff.seconds(DeliveryBackoff().maximumDelay)))
    }

    /// A pause is stored: set while the device clock ran a day ahead, then corrected, it would
    /// have held every lane (purchases and identity links too) for that day, across launches.
    @Test("a pause or back-off set before the device clock went back holds no longer than the longest back-off")
    func aWaitSetBeforeTheClockWentBackEnds() async throws {
        let directory = StorageTestDirectory()
        let first = try directory.open(clock: clock)
        let purchase = try enqueue(first, .purchases, 1)
        let limited = RecordingBatchSender { _, _ in .rateLimited(retryAfter: .seconds(60)) }
        #expect(await pump(first, sender: limited).drain() == .paused(until: clock.now() + 60))
        first.close()

        clock.advance(by: -86_400)
        let second = try directory.open(clock: clock)
        let sender = RecordingBatchSender { _, number in number == 0 ? .retryLater(retryAfter: nil) : .delivered }
        let secondPump = pump(second, sender: sender)
        guard case .backingOff = await secondPump.drain() else {
            Issue.record("the stored pause should be over, and the failed send back off")
            return
        }
        #expect(sender.sent == [purchase])

        clock.advance(by: -86_400)
        #expect(await secondPump.drain() == .emptied, "the back-off set a day later by the clock is over")
        #expect(sender.sent == [purchase, purchase])
    }

    /// Also for a `Retry-After` that asks for no wait (a date already past by the device clock,
    /// which runs ahead of the server's): taken as asked, the pump retried every half second
    /// without end.
    @Test(
        "a rate limit without Retry-After, or one asking for no wait, backs off further at each attempt, counting them",
        arguments: [nil, Duration.zero])
    func aRateLimitWithoutRetryAfterBacksOffExponentially(retryAfter: Duration?) async throws {
        let storage = try SDKStorage.inMemory()
        _ = try enqueue(storage, .events, 1)
        let limited = RecordingBatchSender { _, _ in .rateLimited(retryAfter: retryAfter) }
        let pump = pump(storage, sender: limited)
        var pauses: [TimeInterval] = []
        for _ in 0..<4 {
            let start = clock.now()
            guard case .paused(let until) = await pump.drain() else {
                Issue.record("expected a pause")
                return
            }
            pauses.append(until.timeIntervalSince(start))
            clock.advance(by: until.timeIntervalSince(start) + 0.001)
        }
        // Ceilings 0.5, 1, 2 and 4 s, each drawn between half the ceiling and the ceiling.
        for (attempt, pause) in pauses.enumerated() {
            let ceiling = 0.5 * Double(1 << attempt)
            #expect(pause >= ceiling / 2 && pause <= ceiling, "attempt \(attempt + 1): \(pause) s")
        }
        #expect(try storage.queue.nextBatch(limit: 1).first?.attempts == 4)
        #expect(limited.sent.count == 4)
    }

    @Test func aTooLargeBatchIsSplitInHalves() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try enqueue(storage, .events, 8)
        let sender = RecordingBatchSender { batch, _ in batch.count > 2 ? .tooLarge : .delivered }

        #expect(await pump(storage, batchLimit: 8, sender: sender).drain() == .emptied)
        #expect(sender.sent.map(\.count) == [8, 4, 2, 2, 2, 2])
        #expect(sender.sent.dropFirst(2).flatMap { $0 } == ids)
    }

    @Test func anItemTooLargeAloneIsQuarantined() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try enqueue(storage, .events, 3)
        let quarantined = StorageTestBox<[QueueItemID]>([])
        let sender = RecordingBatchSender { batch, _ in
            batch.contains { $0.id == ids[0] } ? .tooLarge : .delivered
        }

        #expect(await pump(storage, sender: sender, quarantined: quarantined).drain() == .emptied)
        #expect(sender.sent == [ids, [ids[0], ids[1]], [ids[0]], [ids[1]], [ids[2]]])
        #expect(quarantined.current == [ids[0]])
        #expect(try storage.queue.quarantined().first?.reason.contains("too large") == true)
    }

    @Test func aFailureBacksOffAndCountsTheAttempt() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try enqueue(storage, .purchases, 1)
        let sender = RecordingBatchSender { _, number in number == 0 ? .retryLater(retryAfter: nil) : .delivered }
        let pump = pump(storage, sender: sender)
        let start = clock.now()

        let result = await pump.drain()
        guard case .backingOff(let until) = result else {
            Issue.record("expected a backoff, got \(result)")
            return
        }
        #expect(until >= start + 0.25 && until <= start + 0.5)
        #expect(try storage.queue.nextBatch(limit: 1).first?.attempts == 1)
        #expect(await pump.drain() == .backingOff(until: until))
        #expect(sender.sent == [ids])

        clock.advance(by: 0.5)
        #expect(await pump.drain() == .emptied)
        #expect(sender.sent == [ids, ids])
    }

    @Test("a lane's back-off never holds an earlier lane: a failing event batch does not delay an identity link")
    func aFailingLaneNeverHoldsAnEarlierLane() async throws {
        let storage = try SDKStorage.inMemory()
        let events = try enqueue(storage, .events, 2)
        let sender = RecordingBatchSender { batch, _ in
            batch[0].lane == .events ? .retryLater(retryAfter: nil) : .delivered
        }
        let pump = pump(storage, sender: sender)
        guard case .backingOff(let until) = await pump.drain() else {
            Issue.record("expected the event batch to back off")
            return
        }
        let links = try enqueue(storage, .identityLinks, 1)

        #expect(await pump.drain() == .backingOff(until: until), "the link goes; the events still wait")
        #expect(sender.sent == [events, links])
        #expect(try storage.queue.count(lane: .identityLinks) == 0)
        #expect(await pump.backingOff == [.events: until])
    }

    @Test func aLaterLaneWaitsOutAnEarlierLanesBackOff() async throws {
        let storage = try SDKStorage.inMemory()
        let links = try enqueue(storage, .identityLinks, 1)
        let sender = RecordingBatchSender { batch, _ in
            batch[0].lane == .identityLinks ? .retryLater(retryAfter: nil) : .delivered
        }
        let pump = pump(storage, sender: sender)
        guard case .backingOff(let until) = await pump.drain() else {
            Issue.record("expected the link to back off")
            return
        }
        _ = try enqueue(storage, .events, 1)

        #expect(await pump.drain() == .backingOff(until: until), "lane order: nothing after the link goes")
        #expect(sender.sent == [links])
    }

    @Test("lifting a lane's back-off tries it and the lanes before it at once; later lanes keep theirs")
    func liftingABackOffTriesThatLaneAndTheEarlierOnes() async throws {
        let storage = try SDKStorage.inMemory()
        let links = try enqueue(storage, .identityLinks, 1)
        let attributes = try enqueue(storage, .attributes, 1)
        let events = try enqueue(storage, .events, 1)
        let failing = StorageTestBox(true)
        let sender = RecordingBatchSender { batch, _ in
            failing.current || batch[0].lane == .events ? .retryLater(retryAfter: nil) : .delivered
        }
        let pump = pump(storage, sender: sender)
        guard case .backingOff = await pump.drain() else {
            Issue.record("expected the link to back off")
            return
        }
        failing.update { $0 = false }
        #expect(await pump.drain() == .backingOff(until: await pump.backingOff[.identityLinks]!))

        await pump.liftBackOff(through: .attributes)
        guard case .backingOff = await pump.drain() else {
            Issue.record("expected the events to back off")
            return
        }
        #expect(sender.sent == [links, links, attributes, events])
        #expect(try storage.queue.count() == 1)
        #expect(Array(await pump.backingOff.keys) == [.events])
        await pump.liftBackOff(through: .attributes)
        #expect(Array(await pump.backingOff.keys) == [.events], "a later lane keeps its back-off")
    }

    @Test func retryAfterIsTheShortestBackoff() async throws {
        let storage = try SDKStorage.inMemory()
        _ = try enqueue(storage, .events, 1)
        let sender = RecordingBatchSender { _, _ in .retryLater(retryAfter: .seconds(30)) }
        #expect(await pump(storage, sender: sender).drain() == .backingOff(until: clock.now() + 30))
    }

    @Test func aLockedDeviceStopsTheDrainWithoutLosingAnything() async throws {
        let directory = StorageTestDirectory()
        let gate = DataProtectionGate()
        let storage = try directory.open(gate: gate, clock: clock)
        let ids = try enqueue(storage, .purchases, 2)
        let sender = RecordingBatchSender()
        let pump = pump(storage, sender: sender)

        gate.lock()
        #expect(await pump.drain() == .storageFailed(.temporarilyUnavailable))
        #expect(sender.sent.isEmpty)

        gate.unlock()
        #expect(await pump.drain() == .emptied)
        #expect(sender.sent == [ids])
    }

    @Test func aCancelledDrainConfirmsTheBatchInFlightAndStops() async throws {
        let storage = try SDKStorage.inMemory()
        let ids = try enqueue(storage, .events, 2)
        let sender = RecordingBatchSender { _, _ in
            withUnsafeCurrentTask { $0?.cancel() }
            return .delivered
        }

        #expect(await pump(storage, batchLimit: 1, sender: sender).drain() == .cancelled)
        #expect(sender.sent == [[ids[0]]])
        #expect(try storage.queue.nextBatch(limit: 10).map(\.id) == [ids[1]])
    }

    @Test func aSecondDrainDuringASendReturnsAtOnce() async throws {
        let storage = try SDKStorage.inMemory()
        _ = try enqueue(storage, .events, 1)
        let pumpBox = StorageTestBox<DeliveryPump?>(nil)
        let inner = StorageTestBox<DrainResult?>(nil)
        let sender = RecordingBatchSender { _, _ in
            let result = await pumpBox.current?.drain()
            inner.update { $0 = result }
            return .delivered
        }
        let pump = pump(storage, sender: sender)
        pumpBox.update { $0 = pump }

        #expect(await pump.drain() == .emptied)
        #expect(inner.current == .alreadyDraining)
    }
}

@Suite("DeliveryBackoff", .timeLimit(.minutes(3)))
struct DeliveryBackoffTests {
    let backoff = DeliveryBackoff(initialDelay: .seconds(1), maximumDelay: .seconds(60))

    @Test func doublesPerAttemptWithJitterBetweenHalfAndFull() {
        #expect(backoff.delay(afterAttempts: 1, unit: 1) == .seconds(1))
        #expect(backoff.delay(afterAttempts: 1, unit: 0) == .seconds(0.5))
        #expect(backoff.delay(afterAttempts: 3, unit: 1) == .seconds(4))
        #expect(backoff.delay(afterAttempts: 3, unit: 0) == .seconds(2))
    }

    @Test func isCappedAndSurvivesHugeAttemptCounts() {
        #expect(backoff.delay(afterAttempts: 10, unit: 1) == .seconds(60))
        #expect(backoff.delay(afterAttempts: .max, unit: 1) == .seconds(60))
        #expect(backoff.delay(afterAttempts: 0, unit: .nan) == .seconds(1))
    }

    @Test func honoursRetryAfterAsAMinimumUpToTheMaximum() {
        #expect(backoff.delay(afterAttempts: 1, retryAfter: .seconds(30), unit: 1) == .seconds(30))
        #expect(backoff.delay(afterAttempts: 3, retryAfter: .seconds(1), unit: 1) == .seconds(4))
        // A server asking for longer than the longest back-off (or a garbled header) gets that.
        #expect(backoff.delay(afterAttempts: 1, retryAfter: .seconds(120), unit: 1) == .seconds(60))
        #expect(backoff.delay(afterAttempts: 1, retryAfter: .seconds(Int64.max), unit: 0) == .seconds(60))
    }
}
