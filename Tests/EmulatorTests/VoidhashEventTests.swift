import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

@Suite("Voidhash emulator: events", .timeLimit(.minutes(3)))
struct VoidhashEventTests {
    private func event(_ id: String, _ name: String = "report_shared", seconds: Double = 0) -> Event {
        Event(
            id: id, event: name, distinctId: "user_123", timestamp: voidhashTestEpoch.addingTimeInterval(seconds),
            sessionId: "s1", properties: ["$groups": .object(["company": "acme"])])
    }

    private func capture(_ events: [Event], in emulator: VoidhashHarness) async throws -> EventBatchResult {
        try await emulator.client().captureEvents(body: EventBatch(events: events), idempotencyKey: idempotencyKey())
    }

    @Test func eventsAreStoredWholeInArrivalOrder() async throws {
        try await withVoidhashEmulator { emulator in
            let first = [event("e1", seconds: 5), event("e2", "$groupidentify", seconds: 1)]
            let second = [event("e3", "$sign_out", seconds: 3)]
            let results = [try await capture(first, in: emulator), try await capture(second, in: emulator)]
            #expect(
                results == [EventBatchResult(accepted: 2, rejected: []), EventBatchResult(accepted: 1, rejected: [])])
            #expect(emulator.state.events == first + second)
        }
    }

    @Test func aRepeatedIdCountsAsAcceptedButIsStoredOnce() async throws {
        try await withVoidhashEmulator { emulator in
            _ = try await capture([event("e1")], in: emulator)
            let result = try await capture([event("e2"), event("e1", "changed"), event("e2")], in: emulator)
            #expect(result == EventBatchResult(accepted: 3, rejected: []))
            #expect(emulator.state.events.map(\.id) == ["e1", "e2"])
            #expect(emulator.state.events.first?.event == "report_shared")
        }
    }

    /// Shedding load, the emulator stores at most the limit's count of new events per request
    /// and counts only what it stored or already held; a repeat of the same key answers the
    /// same, so the events left out are stored only by a request under a new key.
    @Test func underAnEventLimitTheNewEventsPastItAreNeitherStoredNorCounted() async throws {
        try await withVoidhashEmulator { emulator in
            _ = try await capture([event("e1")], in: emulator)
            emulator.state.setEventsStoredPerRequest(2)
            let batch = EventBatch(events: ["e1", "e2", "e3", "e4"].map { event($0) })
            let key = idempotencyKey()
            let first = try await emulator.client().captureEvents(body: batch, idempotencyKey: key)
            #expect(first == EventBatchResult(accepted: 3, rejected: []))
            #expect(emulator.state.events.map(\.id) == ["e1", "e2", "e3"])
            let repeated = try await emulator.client().captureEvents(body: batch, idempotencyKey: key)
            #expect(repeated == first)
            #expect(emulator.state.events.count == 3)
            let again = try await capture(batch.events, in: emulator)
            #expect(again == EventBatchResult(accepted: 4, rejected: []))
            #expect(emulator.state.events.map(\.id) == ["e1", "e2", "e3", "e4"])
        }
    }

    /// `events` sent as they are, past the generated client (which refuses a batch holding an
    /// event that breaks a rule before sending it), as another client could send them.
    private func captureUnchecked(_ events: [Event], in emulator: VoidhashHarness) async throws -> EventBatchResult {
        let body = try JSONCoding.makeEncoder().encode(EventBatch(events: events))
        let headers =
            VoidhashHarness.authorization(VoidhashEmulator.testKey) + [
                HTTPField(name: "Content-Type", value: "application/json"),
                try APIClient.idempotencyKeyField(idempotencyKey()),
            ]
        let response = try await emulator.send(
            "POST", "/v1/events", headers: headers, body: String(decoding: body, as: UTF8.self))
        #expect(response.status == 200)
        return try JSONCoding.makeDecoder().decode(EventBatchResult.self, from: response.body)
    }

    @Test func namesThatBreakTheRuleAreRejectedAndNotStored() async throws {
        try await withVoidhashEmulator { emulator in
            let longName = String(repeating: "x", count: 201)
            let result = try await captureUnchecked(
                [event("bad1", ""), event("ok"), event("bad2", " "), event("bad3", "a\0"), event("bad4", longName)],
                in: emulator)
            #expect(result.accepted == 1)
            #expect(result.rejected.map(\.id) == ["bad1", "bad2", "bad3", "bad4"])
            #expect(result.rejected.allSatisfy { $0.code == "INVALID_ARGUMENT" })
            #expect(emulator.state.events.map(\.id) == ["ok"])
        }
    }

    @Test func aBatchOverTheLimitIsRefusedWholeAndTheLimitItselfIsStored() async throws {
        try await withVoidhashEmulator { emulator in
            let limit = VoidhashConstants.maxEventsPerRequest
            let events = (0...limit).map { event("e\($0)") }
            let error = await #expect(throws: APIError.self) { try await capture(events, in: emulator) }
            #expect(error?.status == 413)
            #expect(error?.code == VoidhashErrorCode.payloadTooLarge.rawValue)
            #expect(emulator.state.events.isEmpty)
            let result = try await capture(Array(events.prefix(limit)), in: emulator)
            #expect(result == EventBatchResult(accepted: limit, rejected: []))
            #expect(emulator.state.events.count == limit)
        }
    }

    @Test func anEmptyBatchIsAccepted() async throws {
        try await withVoidhashEmulator { emulator in
            let result = try await capture([], in: emulator)
            #expect(result == EventBatchResult(accepted: 0, rejected: []))
        }
    }
}
