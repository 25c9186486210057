import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import VoidhashAPI

/// The JSON admin routes, called in process through their router.
@Suite("Voidhash emulator: admin API", .timeLimit(.minutes(3)))
struct VoidhashAdminTests {
    private let clock = ManualClock(now: voidhashTestEpoch)
    private let state: VoidhashEmulatorState
    private let router: Router

    init() throws {
        state = VoidhashEmulatorState(clock: clock)
        router = try VoidhashEmulator.adminRoutes(state: state)
    }

    private func call(_ method: String, _ path: String, _ body: String? = nil) async -> EmulatorResponse {
        await router.respond(
            to: EmulatorRequest(
                method: method, path: VoidhashEmulator.adminMount + path, body: Data((body ?? "").utf8)))
    }

    private func json(_ response: EmulatorResponse) throws -> JSONValue {
        try JSONCoding.makeDecoder().decode(JSONValue.self, from: response.body)
    }

    @Test func seedsAndReadsPeople() async throws {
        let seeded = await call(
            "POST", "/people", #"{"distinctId": "user_1", "email": "ada@example.com", "attributes": {"seats": 2}}"#)
        #expect(seeded.status == 200)
        #expect(try json(seeded) == json(await call("GET", "/people/user_1")))
        #expect(state.person("user_1")?.attributes == ["seats": 2])
        let list = try json(await call("GET", "/people"))
        guard case .object(let members) = list, case .array(let people)? = members["people"] else {
            Issue.record("Expected {\"people\": [...]}, got \(list)")
            return
        }
        #expect(people.count == 1)
        #expect(await call("GET", "/people/nobody").status == 404)
    }

    @Test func seedsLinksPurchasesAndReadsThem() async throws {
        let anonymous = anonymousId()
        let links = await call("POST", "/links", #"{"anonymousId": "\#(anonymous)", "externalUserId": "user_1"}"#)
        #expect(try json(links) == .object(["links": .object([anonymous: "user_1"])]))
        #expect(state.links == [anonymous: "user_1"])
        let bought = await call(
            "POST", "/purchases",
            #"""
            {"record": {"distinctId": "\#(anonymous)", "productId": "pro_monthly", "transactionId": "t1",
             "environment": "production", "purchasedAt": "2026-11-29T10:00:00Z"}, "keyEnvironment": "production"}
            """#)
        #expect(bought.status == 200)
        #expect(state.person("user_1")?.activePerkSlugs == ["premium"])
        let purchases = try json(await call("GET", "/purchases"))
        guard case .object(let members) = purchases, case .array(let entries)? = members["purchases"],
            case .object(let entry)? = entries.first
        else {
            Issue.record("Expected {\"purchases\": [...]}, got \(purchases)")
            return
        }
        #expect(entry["distinctId"] == "user_1")
    }

    @Test func aPurchaseSeedDefaultsToTheTestKeyAndReportsTheAPIsErrors() async throws {
        let simulated = await call(
            "POST", "/purchases",
            #"""
            {"record": {"distinctId": "user_1", "productId": "pro_monthly", "transactionId": "t1",
             "environment": "simulated", "purchasedAt": "2026-11-29T10:00:00Z"}}
            """#)
        #expect(simulated.status == 200)
        #expect(state.person("user_1")?.activePerkSlugs == ["premium"])
        let blank = await call(
            "POST", "/purchases",
            #"""
            {"record": {"distinctId": " ", "productId": "pro_monthly", "transactionId": "t2",
             "environment": "simulated", "purchasedAt": "2026-11-29T10:00:00Z"}}
            """#)
        #expect(blank.status == 400)
    }

    @Test func readsEventsInArrivalOrder() async throws {
        let server = VoidhashEmulator.makeServer(state: state)
        let url = try await server.start()
        let client = VoidhashClient(
            core: APIClient(
                baseURL: url, transport: loopbackTransport(),
                headers: { VoidhashHarness.authorization(VoidhashEmulator.testKey) }))
        let events = ["b", "a"].map {
            Event(id: $0, event: "e", distinctId: "user_1", timestamp: voidhashTestEpoch, properties: [:])
        }
        do {
            _ = try await client.captureEvents(body: EventBatch(events: events), idempotencyKey: "k")
        } catch {
            Issue.record(error)
        }
        await server.stop()
        let list = try json(await call("GET", "/events"))
        guard case .object(let members) = list, case .array(let stored)? = members["events"] else {
            Issue.record("Expected {\"events\": [...]}, got \(list)")
            return
        }
        let ids = stored.map { event -> JSONValue? in
            guard case .object(let members) = event else { return nil }
            return members["id"]
        }
        #expect(ids == ["b", "a"])
    }

    @Test func replacesTheCatalog() async throws {
        let body =
            #"{"products": [{"productId": "team", "perkSlug": "team", "perkId": "perk_9", "subscriptionDays": 7}]}"#
        #expect(await call("PUT", "/catalog", body).status == 200)
        #expect(
            state.catalog == [
                VoidhashCatalogProduct(productId: "team", perkSlug: "team", perkId: "perk_9", subscriptionDays: 7)
            ])
        #expect(try json(await call("GET", "/catalog")) == json(EmulatorResponse(status: 200, body: Data(body.utf8))))
        #expect(await call("PUT", "/catalog", #"{"products": 3}"#).status == 400)
    }

    @Test func addsRejectionsAsSortedLists() async throws {
        _ = await call("POST", "/rejections", #"{"userIds": ["b", "a"]}"#)
        let all = await call("POST", "/rejections", #"{"attributeDistinctIds": ["c"]}"#)
        #expect(
            String(decoding: all.body, as: UTF8.self)
                == #"{"attributeDistinctIds":["c"],"purchaseDistinctIds":[],"userIds":["a","b"]}"#)
        #expect(state.rejections == VoidhashRejections(userIds: ["a", "b"], attributeDistinctIds: ["c"]))
    }

    @Test func setsAndLiftsTheEventLimit() async throws {
        #expect(
            String(decoding: await call("GET", "/event-limit").body, as: UTF8.self)
                == #"{"eventsStoredPerRequest":null}"#)
        let set = await call("PUT", "/event-limit", #"{"eventsStoredPerRequest": 2}"#)
        #expect(String(decoding: set.body, as: UTF8.self) == #"{"eventsStoredPerRequest":2}"#)
        #expect(state.eventsStoredPerRequest == 2)
        #expect(await call("PUT", "/event-limit", #"{"eventsStoredPerRequest": -1}"#).status == 400)
        #expect(state.eventsStoredPerRequest == 2)
        _ = await call("PUT", "/event-limit", #"{"eventsStoredPerRequest": null}"#)
        #expect(state.eventsStoredPerRequest == nil)
    }

    @Test func setsAndReadsTheClock() async throws {
        let set = await call("PUT", "/clock", #"{"now": "2027-01-01T00:00:00Z"}"#)
        #expect(String(decoding: set.body, as: UTF8.self) == #"{"now":"2027-01-01T00:00:00.000Z"}"#)
        clock.advance(by: .milliseconds(1500))
        let read = await call("GET", "/clock")
        #expect(String(decoding: read.body, as: UTF8.self) == #"{"now":"2027-01-01T00:00:01.500Z"}"#)
        #expect(await call("PUT", "/clock", #"{"now": "yesterday"}"#).status == 400)
    }

    @Test func resetForgetsEverythingButTheClock() async throws {
        state.seedPerson(VoidhashPersonSeed(distinctId: "user_1"))
        state.seedLink(anonymousId: anonymousId(), externalUserId: "user_1")
        state.addRejections(VoidhashRejections(userIds: ["x"]))
        state.setCatalog([])
        state.setNow(voidhashTestEpoch.addingTimeInterval(99))
        state.setEventsStoredPerRequest(0)
        #expect(await call("POST", "/reset").status == 204)
        #expect(state.people.isEmpty && state.links.isEmpty && state.purchases.isEmpty && state.events.isEmpty)
        #expect(state.rejections == VoidhashRejections())
        #expect(state.eventsStoredPerRequest == nil)
        #expect(state.catalog == VoidhashCatalogProduct.defaultCatalog)
        #expect(state.now == voidhashTestEpoch)
    }

    @Test func unknownAdminPathsAre404() async throws {
        #expect(await call("GET", "/nothing").status == 404)
        #expect(await call("DELETE", "/people").status == 405)
    }
}
