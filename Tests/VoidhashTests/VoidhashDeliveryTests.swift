import Foundation
import SDKEmulator
import SDKPersistence
import SDKRuntime
import Synchronization
import TestSupport
import Testing
import VoidhashAPI

@testable import Voidhash

@Suite("Delivery and storage", .timeLimit(.minutes(3)))
struct VoidhashDeliveryTests {
    @Test func storageWaitsForProtectedDataInsteadOfStartingOver() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            let distinctId = await first.getDistinctId()
            await first.shutdown()
            var options = harness.options()
            let gate = DataProtectionGate(isAvailable: false)
            options.dataProtection = gate
            let second = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            let read = Task { await second.getDistinctId() }
            gate.unlock()
            #expect(await read.value == distinctId)
            #expect(!harness.diagnosticCodes.contains(.storageUnavailable))
            await second.shutdown()
        }
    }

    @Test func anUnreadableQueuedItemIsSetAsideAndTheRestIsDelivered() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            let anonymousId = await first.getDistinctId()
            await first.shutdown()
            let storage = try SDKStorage.open(directory: harness.directory, name: "voidhash-test")
            try storage.queue.enqueue(
                lane: .identityLinks, kind: "identify", payload: Data("not json".utf8), now: Date())
            storage.close()
            let second = try harness.launch()
            _ = try await second.identifyState(externalUserId: "user_after_garbage")
            await second.flush()
            #expect(harness.diagnosticCodes.contains(.deliveryQuarantined))
            #expect(harness.state.links[anonymousId] == "user_after_garbage")
            #expect(await second.pendingDeliveryCount() == 0)
            await second.shutdown()
        }
    }

    /// Launches once on the harness's device, then stores events named `names` in its queue
    /// directly, as a version whose event-name rule was looser would have queued them.
    private static func queueEvents(named names: [String], in harness: SDKHarness) async throws {
        try await harness.launch().shutdown()
        let storage = try SDKStorage.open(directory: harness.directory, name: "voidhash-test")
        defer { storage.close() }
        let identity = try #require(try storage.keyValues.value(IdentityRecord.self, forKey: StoreKeys.identity))
        for name in names {
            let event = Event(
                id: UUIDv7.make(now: harness.clock.now()).lowercasedText, event: name,
                distinctId: identity.distinctId, timestamp: harness.clock.now(), sessionId: identity.sessionId,
                properties: [:])
            let item = try QueuedWrite.event(event, epoch: identity.epoch).queueItem()
            try storage.queue.enqueue(lane: item.lane, kind: item.kind, payload: item.payload, now: harness.clock.now())
        }
    }

    /// An event stored by a version whose event-name rule was looser breaks the rule of today's
    /// contract: it is refused by itself, and the events queued with it are still delivered.
    @Test func aQueuedEventThatBreaksARuleIsRefusedAloneAndTheRestIsDelivered() async throws {
        try await withSDKHarness { harness in
            #expect(EventNameRule.validate("") != nil)
            try await Self.queueEvents(named: ["kept_first", ""], in: harness)

            let second = try harness.launch()
            await second.capture("kept_second")
            await second.flush()
            #expect(harness.state.events.map(\.event) == ["kept_first", "kept_second"])
            #expect(await second.pendingDeliveryCount() == 0)
            await second.shutdown()
        }
    }

    /// A queued event that breaks a rule is dropped when its batch is first sent, even when the
    /// request for the rest fails: it is not kept, checked and reported again at the next try.
    @Test func anEventThatBreaksARuleIsDroppedOnceEvenWhenTheRestMustWait() async throws {
        try await withSDKHarness { harness in
            try await Self.queueEvents(named: ["", "kept"], in: harness)

            let second = try harness.launch()
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents, scope: .next(1))
            await second.flush()
            #expect(await second.pendingDeliveryCount() == 1, "the broken event is gone, the other waits")
            await harness.retryDelivery(second)
            #expect(harness.state.events.map(\.event) == ["kept"])
            #expect(harness.diagnosticCodes == [.eventRejected])
            await second.shutdown()
        }
    }

    @Test func aRateLimitPausesDeliveryUntilRetryAfter() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.inject(
                .status(429, code: "RATE_LIMITED", retryAfter: "30"), into: .setPersonAttributes, scope: .next(1))
            #expect(try await voidhash.setPersonAttributesState(["plan": "pro"]).status == .deferred)
            await voidhash.flush()
            #expect(harness.requests(.setPersonAttributes).count == 1)
            harness.clock.advance(by: .seconds(29))
            await voidhash.flush()
            #expect(harness.requests(.setPersonAttributes).count == 1)
            harness.clock.advance(by: .seconds(2))
            await voidhash.flush()
            #expect(harness.state.person(distinctId)?.attributes["plan"] == "pro")
            await voidhash.shutdown()
        }
    }

    /// Without `Retry-After` a rate limit pauses delivery for the back-off's delay, which grows
    /// with each refusal (the first is drawn between 0.25 and 0.5 s), rather than a fixed time.
    @Test func aRateLimitWithoutRetryAfterPausesDeliveryForTheBackoff() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            harness.inject(.status(429, code: "RATE_LIMITED"), into: .setPersonAttributes, scope: .next(1))
            #expect(try await voidhash.setPersonAttributesState(["plan": "pro"]).status == .deferred)
            await voidhash.flush()
            #expect(harness.requests(.setPersonAttributes).count == 1)
            harness.clock.advance(by: .milliseconds(200))
            await voidhash.flush()
            #expect(harness.requests(.setPersonAttributes).count == 1, "still paused before the second")
            harness.clock.advance(by: .milliseconds(350))
            await voidhash.flush()
            #expect(harness.state.person(distinctId)?.attributes["plan"] == "pro")
            await voidhash.shutdown()
        }
    }

    @Test func deliveryOnALockedDeviceIsNotAStorageFailure() async throws {
        try await withSDKHarness { harness in
            var options = harness.options()
            let gate = DataProtectionGate()
            options.dataProtection = gate
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            await voidhash.capture("queued_before_lock")
            gate.lock()
            // Delivery reads the queue, which cannot be read while the device is locked.
            await voidhash.flush()
            #expect(!harness.diagnosticCodes.contains(.storageWriteFailed), "\(harness.diagnosticCodes)")
            gate.unlock()
            await voidhash.flush()
            #expect(harness.capturedEvents.map(\.event) == ["queued_before_lock"])
            #expect(!harness.diagnosticCodes.contains(.storageWriteFailed), "\(harness.diagnosticCodes)")
            await voidhash.shutdown()
        }
    }

    /// A backlog goes in as few requests as the contract allows, none over its limit: a larger
    /// one would be refused with 413 and sent again in halves.
    @Test func aBacklogOfEventsGoesInRequestsOfAtMostTheContractsLimit() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let limit = VoidhashConstants.maxEventsPerRequest
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents)
            for index in 0...(2 * limit) { await voidhash.capture("backlog_\(index)") }
            await voidhash.flush()
            let failed = harness.requests(.captureEvents).count
            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            let answered = harness.requests(.captureEvents).dropFirst(failed)
            #expect(answered.map(\.status) == [200, 200, 200])
            #expect(harness.capturedEvents.count == 2 * limit + 1)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test func aRefusedEventIsDroppedWithADiagnostic() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.status(400, code: "INVALID_ARGUMENT"), into: .captureEvents, scope: .next(1))
            await voidhash.signOut()
            await voidhash.flush()
            #expect(harness.diagnosticCodes == [.eventRejected])
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    /// Voidhash shedding load stores only some events of a batch and counts only those (see
    /// `EventBatchResult.accepted`): the others stay queued and go again after the back-off, each
    /// time under a new key (the emulator, as Voidhash, answers a repeated key with its first
    /// answer), until every event is stored, each once and in capture order.
    @Test func eventsVoidhashLeavesOutOfItsAnswerAreSentAgainUnderANewKeyUntilStored() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents)
            let names = (0..<5).map { "shed_\($0)" }
            for name in names { await voidhash.capture(name) }
            await voidhash.flush()
            harness.server.clearFaults()
            let failed = harness.requests(.captureEvents).count
            harness.state.setEventsStoredPerRequest(2)

            for stored in [2, 4] {
                await harness.retryDelivery(voidhash)
                #expect(harness.capturedEvents.map(\.event) == Array(names.prefix(stored)))
                #expect(await voidhash.pendingDeliveryCount() == 5, "nothing is removed on a partial answer")
            }
            await harness.retryDelivery(voidhash)
            #expect(harness.capturedEvents.map(\.event) == names)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            let answered = harness.requests(.captureEvents).dropFirst(failed)
            #expect(answered.count == 3)
            #expect(Set(answered.compactMap { $0.request.idempotencyKey }).count == 3)
            #expect(harness.diagnosticCodes.isEmpty, "\(harness.diagnosticCodes)")
            await voidhash.shutdown()
        }
    }

    /// An answer that refuses some events and leaves others out drops the refused ones at once
    /// (one diagnostic each) and sends only the rest again.
    @Test func aPartialAnswerDropsTheEventsItRefusedAndSendsTheRestAgain() async throws {
        try await withSDKHarness { harness in
            var options = harness.options()
            let transport = FirstEventRefusingTransport()
            options.transport = transport
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents)
            for index in 0..<4 { await voidhash.capture("part_\(index)") }
            await voidhash.flush()
            harness.server.clearFaults()
            let failed = harness.requests(.captureEvents).count
            harness.state.setEventsStoredPerRequest(2)
            transport.refusesFirstEvent.withLock { $0 = true }

            await harness.retryDelivery(voidhash)
            #expect(harness.diagnosticCodes == [.eventRejected])
            #expect(await voidhash.pendingDeliveryCount() == 3)
            await harness.retryDelivery(voidhash)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            let sent = try harness.requests(.captureEvents).dropFirst(failed).map {
                try JSONCoding.makeDecoder().decode(EventBatch.self, from: $0.request.body).events.map(\.event)
            }
            #expect(sent == [["part_0", "part_1", "part_2", "part_3"], ["part_1", "part_2", "part_3"]])
            #expect(harness.diagnosticCodes == [.eventRejected])
            await voidhash.shutdown()
        }
    }

    @Test func changesMadeWhileTheDeviceIsLockedWaitForTheUnlockAndAreNotLost() async throws {
        try await withSDKHarness { harness in
            var options = harness.options()
            let gate = DataProtectionGate()
            options.dataProtection = gate
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            await voidhash.capture("before_lock")
            await voidhash.flush()
            gate.lock()
            let capture = Task { await voidhash.capture("while_locked") }
            let attributes = Task { try await voidhash.setPersonAttributesState(["plan": "pro"]) }
            #expect(await eventually { voidhash.pendingOrderedCalls == 2 }, "both wait for the unlock")
            #expect(await voidhash.getDistinctId().hasPrefix("vh_anon_"), "reads do not wait")

            gate.unlock()
            await capture.value
            _ = try await attributes.value
            await voidhash.flush()
            #expect(harness.capturedEvents.map(\.event) == ["before_lock", "while_locked"])
            #expect(harness.state.person(await voidhash.getDistinctId())?.attributes["plan"] == "pro")
            #expect(!harness.diagnosticCodes.contains(.storageWriteFailed), "\(harness.diagnosticCodes)")
            await voidhash.shutdown()
        }
    }

    /// `resetPersonCache()` takes its turn after the calls made before it, and on a locked
    /// device waits for the unlock like every change: made at once, its write failed and the
    /// dropped snapshot came back at the next launch.
    @Test func aPersonCacheResetWaitsForItsTurnAndTheUnlockAndStaysDropped() async throws {
        try await withSDKHarness { harness in
            var options = harness.options()
            let gate = DataProtectionGate()
            options.dataProtection = gate
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            try await voidhash.identify(externalUserId: "user_cached")
            #expect(try await voidhash.getCurrentPerson(forceFetch: true) != nil)
            gate.lock()
            let capture = Task { await voidhash.capture("while_locked") }
            #expect(await eventually { voidhash.pendingOrderedCalls == 1 })
            let reset = Task { await voidhash.resetPersonCache() }
            #expect(await eventually { voidhash.pendingOrderedCalls == 2 }, "the reset waits behind the capture")
            gate.unlock()
            await capture.value
            await reset.value
            await voidhash.shutdown()

            harness.inject(.dropConnection)
            let relaunched = try harness.launch()
            let state = try await relaunched.getCurrentPersonState()
            #expect(state.value == nil, "the dropped snapshot stays dropped: \(state)")
            #expect(!harness.diagnosticCodes.contains(.storageWriteFailed), "\(harness.diagnosticCodes)")
            await relaunched.shutdown()
        }
    }
}

/// Sends through URLSession; once `refusesFirstEvent` is set, the next answer to a batch of
/// events refuses its first event (counted as stored by the emulator, so the answer's count
/// goes down by one), as Voidhash refusing an event in a batch it stored only partly would.
private final class FirstEventRefusingTransport: Transport {
    let refusesFirstEvent = Mutex(false)
    private let online = loopbackTransport()

    func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse {
        var response = try await online.send(request, to: baseURL)
        guard request.path.hasSuffix("/events"), response.status == 200,
            refusesFirstEvent.withLock({ refuses in
                defer { refuses = false }; return refuses
            }),
            let body = request.body, let sent = try? JSONCoding.makeDecoder().decode(EventBatch.self, from: body),
            let first = sent.events.first,
            var answer = try? JSONCoding.makeDecoder().decode(EventBatchResult.self, from: response.body)
        else { return response }
        answer.accepted -= 1
        answer.rejected.append(EventRejection(id: first.id, code: "INVALID_ARGUMENT"))
        if let encoded = try? JSONCoding.makeEncoder().encode(answer) { response.body = encoded }
        return response
    }
}
