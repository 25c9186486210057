import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

@Suite("Voidhash emulator: routes, keys and idempotency", .timeLimit(.minutes(3)))
struct VoidhashRoutesTests {
    /// A concrete path for `operation`: its template with every placeholder filled.
    private func path(for operation: VoidhashOperation) -> String {
        operation.pathTemplate.replacingOccurrences(of: "{distinctId}", with: "user_123")
    }

    /// A valid body for each mutating operation.
    private func body(for operation: VoidhashOperation) -> String? {
        switch operation {
        case .identify:
            #"{"anonymousId": "vh_anon_0b6f9d2e-4c1a-4c44-9a57-1f0e2b3c4d5e", "externalUserId": "user_123"}"#
        case .getPerson: nil
        case .setPersonAttributes: #"{"attributes": {"seats": 3}}"#
        case .recordPurchase:
            #"{"distinctId": "user_123", "productId": "pro_monthly", "transactionId": "t1", "environment": "simulated", "purchasedAt": "2026-11-29T10:00:00Z"}"#
        case .captureEvents:
            #"{"events": [{"id": "e1", "event": "x", "distinctId": "user_123", "timestamp": "2026-11-29T10:00:00Z", "properties": {}}]}"#
        }
    }

    private func headers(key: String? = VoidhashEmulator.testKey, idempotencyKey: String? = "k1") -> [HTTPField] {
        var fields: [HTTPField] = []
        if let key { fields += VoidhashHarness.authorization(key) }
        if let idempotencyKey { fields.append(HTTPField(name: "Idempotency-Key", value: idempotencyKey)) }
        return fields
    }

    @Test func everyOperationHasARouteNamedAfterIt() async throws {
        let router = try VoidhashEmulator.routes(state: VoidhashEmulatorState())
        #expect(router.routes.count == VoidhashOperation.allCases.count)
        for operation in VoidhashOperation.allCases {
            let route = router.routes.first { $0.name == VoidhashEmulator.routeName(for: operation) }
            #expect(route?.method == operation.method)
            #expect(route?.template.description == operation.pathTemplate)
        }
    }

    @Test(arguments: VoidhashOperation.allCases)
    func everyOperationIsServedOverHTTP(operation: VoidhashOperation) async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "user_123"))
            let response = try await emulator.send(
                operation.method, path(for: operation), headers: headers(), body: body(for: operation))
            #expect(response.status == operation.successStatus)
            #expect(response.headers[field: "Content-Type"] == "application/json")
            #expect(emulator.server.requests().map(\.route) == [VoidhashEmulator.routeName(for: operation)])
        }
    }

    @Test(arguments: VoidhashOperation.allCases)
    func everyOperationRefusesABadKeyWith401(operation: VoidhashOperation) async throws {
        try await withVoidhashEmulator { emulator in
            let refused: [[HTTPField]] = [
                headers(key: nil),
                headers(key: "pk_test_abc"),
                headers(key: "vh_pk_"),
                headers(key: "vh_pk_abc def"),
                [HTTPField(name: "Authorization", value: "Basic \(VoidhashEmulator.testKey)")],
                [HTTPField(name: "Authorization", value: VoidhashEmulator.testKey)],
            ]
            for fields in refused {
                let response = try await emulator.send(
                    operation.method, path(for: operation), headers: fields, body: body(for: operation))
                let error = APIClient.error(for: response, now: Date())
                #expect(response.status == 401)
                #expect(error?.code == "AUTHENTICATION_FAILED")
                #expect(error?.category == .authenticationFailed)
            }
            #expect(emulator.state.people.isEmpty && emulator.state.events.isEmpty)
        }
    }

    @Test func bothKeysAndAnyBearerCasingAreAccepted() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "user_123"))
            for key in [VoidhashEmulator.testKey, VoidhashEmulator.productionKey, "vh_pk_test_", "vh_pk_live0001"] {
                #expect(try await emulator.client(key: key).getPerson(distinctId: "user_123").distinctId == "user_123")
            }
            let lowerCase = try await emulator.send(
                "GET", "/v1/people/user_123",
                headers: [HTTPField(name: "Authorization", value: "bearer \(VoidhashEmulator.testKey)")])
            #expect(lowerCase.status == 200)
        }
    }

    /// A path parameter is one segment: a value no segment can carry is refused before
    /// anything is sent, instead of reaching another resource (`..` would drop the segment
    /// before it, an empty value would join its neighbours). Other dots are sent as they are.
    @Test func aDistinctIdThatIsNoSegmentIsRefusedBeforeSending() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "..."))
            for value in ["", ".", ".."] {
                let error = await apiError { try await emulator.client().getPerson(distinctId: value) }
                #expect(error?.category == .rejected)
                #expect(error?.status == nil)
                let attributes = await apiError {
                    try await emulator.client().setPersonAttributes(
                        distinctId: value, body: AttributesUpdate(attributes: [:]), idempotencyKey: "k")
                }
                #expect(attributes?.category == .rejected)
            }
            #expect(emulator.server.requests().isEmpty)
            let dots = try await emulator.client().getPerson(distinctId: "...")
            #expect(dots.distinctId == "...")
        }
    }

    @Test func anInjectedKeyRejectionIs401() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.server.inject(.rejectKey, route: VoidhashEmulator.routeName(for: .getPerson), scope: .next(1))
            let error = await apiError { try await emulator.client().getPerson(distinctId: "user_123") }
            #expect(error?.category == .authenticationFailed)
            #expect(error?.code == "AUTHENTICATION_FAILED")
        }
    }

    @Test(arguments: VoidhashOperation.allCases.filter(\.requiresIdempotencyKey))
    func aMutatingRequestWithoutIdempotencyKeyIs400AndChangesNothing(operation: VoidhashOperation) async throws {
        try await withVoidhashEmulator { emulator in
            for fields in [headers(idempotencyKey: nil), headers(idempotencyKey: " ")] {
                let response = try await emulator.send(
                    operation.method, path(for: operation), headers: fields, body: body(for: operation))
                #expect(response.status == 400)
                #expect(APIClient.error(for: response, now: Date())?.code == "INVALID_ARGUMENT")
            }
            #expect(emulator.state.people.isEmpty && emulator.state.events.isEmpty)
            #expect(emulator.state.links.isEmpty && emulator.state.purchases.isEmpty)
        }
    }

    @Test func getPersonNeedsNoIdempotencyKey() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "user_123"))
            let response = try await emulator.send("GET", "/v1/people/user_123", headers: headers(idempotencyKey: nil))
            #expect(response.status == 200)
        }
    }

    @Test func theSameKeyReplaysTheFirstResponseByteForByteAndAppliesOnce() async throws {
        try await withVoidhashEmulator { emulator in
            let request = #"{"attributes": {"seats": 1}}"#
            let first = try await emulator.send(
                "PATCH", "/v1/people/user_123/attributes", headers: headers(idempotencyKey: "same"), body: request)
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "user_123", attributes: ["seats": 9]))
            emulator.clock.advance(by: .seconds(60))
            let replay = try await emulator.send(
                "PATCH", "/v1/people/user_123/attributes", headers: headers(idempotencyKey: "same"), body: request)
            #expect(first.status == 200)
            #expect(replay.status == first.status && replay.body == first.body)
            #expect(emulator.state.person("user_123")?.attributes == ["seats": 9])  // not applied again
        }
    }

    @Test func aRepeatedPurchaseWithTheSameKeyIsRecordedOnce() async throws {
        try await withVoidhashEmulator { emulator in
            let client = emulator.client()
            let record = PurchaseRecord(
                distinctId: "user_123", productId: "lifetime_boost", transactionId: "t1", environment: .simulated,
                purchasedAt: voidhashTestEpoch)
            let first = try await client.recordPurchase(body: record, idempotencyKey: "purchase-1")
            let second = try await client.recordPurchase(body: record, idempotencyKey: "purchase-1")
            #expect(first == second)
            #expect(emulator.state.purchases.count == 1)
        }
    }

    @Test func anErrorIsReplayedTooAndALaterBodyUnderTheSameKeyIsIgnored() async throws {
        try await withVoidhashEmulator { emulator in
            let path = "/v1/people/user_123/attributes"
            let refused = try await emulator.send(
                "PATCH", path, headers: headers(idempotencyKey: "a-1"), body: #"{"attributes": {"a": {"b": 1}}}"#)
            let replay = try await emulator.send(
                "PATCH", path, headers: headers(idempotencyKey: "a-1"), body: #"{"attributes": {"a": 1}}"#)
            #expect(refused.status == 400)
            #expect(replay.status == 400 && replay.body == refused.body)
            #expect(emulator.state.people.isEmpty)
        }
    }

    @Test func concurrentRequestsWithOneKeyAreAppliedOnce() async throws {
        try await withVoidhashEmulator { emulator in
            let client = emulator.client()
            let people = try await withThrowingTaskGroup(of: Person.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await client.recordPurchase(
                            body: PurchaseRecord(
                                distinctId: "user_123", productId: "lifetime_boost", transactionId: "t\(index)",
                                environment: .simulated, purchasedAt: voidhashTestEpoch),
                            idempotencyKey: "one-key")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(people).count == 1)
            #expect(emulator.state.purchases.count == 1)
        }
    }

    @Test func keysAreScopedByRoute() async throws {
        try await withVoidhashEmulator { emulator in
            let identify = try await emulator.send(
                "POST", "/v1/identify", headers: headers(idempotencyKey: "shared"), body: body(for: .identify))
            let events = try await emulator.send(
                "POST", "/v1/events", headers: headers(idempotencyKey: "shared"), body: body(for: .captureEvents))
            #expect(identify.status == 200 && events.status == 200)
            #expect(emulator.state.events.map(\.id) == ["e1"])
            #expect(emulator.state.links.count == 1)
        }
    }

    @Test func aFaultedRequestIsNotRecordedForReplay() async throws {
        try await withVoidhashEmulator { emulator in
            let route = VoidhashEmulator.routeName(for: .captureEvents)
            emulator.server.inject(.status(503, code: "INTERNAL"), route: route, scope: .next(1))
            let send = {
                try await emulator.send(
                    "POST", "/v1/events", headers: headers(idempotencyKey: "e"), body: body(for: .captureEvents))
            }
            let statuses = [try await send().status, try await send().status]
            #expect(statuses == [503, 200])
            #expect(emulator.state.events.count == 1)
        }
    }

    @Test func serverResetAlsoResetsTheState() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "user_123"))
            emulator.state.setCatalog([])
            await emulator.server.reset()
            #expect(emulator.state.people.isEmpty)
            #expect(emulator.state.catalog == VoidhashCatalogProduct.defaultCatalog)
        }
    }
}
