import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

@Suite("Voidhash emulator: identify and getPerson", .timeLimit(.minutes(3)))
struct VoidhashIdentifyTests {
    private func premiumPurchase(for distinctId: String, transactionId: String = "tx_1") -> PurchaseRecord {
        PurchaseRecord(
            distinctId: distinctId, productId: "pro_monthly", transactionId: transactionId,
            environment: .simulated, purchasedAt: voidhashTestEpoch)
    }

    @Test func linkMovesTheAnonymousPersonsPurchasesPerksAndAttributes() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: anonymous, attributes: ["seats": 3]))
            try emulator.state.seedPurchase(premiumPurchase(for: anonymous))
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "user_123", attributes: ["seats": 5]))
            let response = try await emulator.client().identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_123", email: "ada@example.com"),
                idempotencyKey: idempotencyKey())
            #expect(response.outcome == .linked)
            #expect(response.person.distinctId == "user_123")
            #expect(response.person.email == "ada@example.com")
            #expect(response.person.activePerkSlugs == ["premium"])
            #expect(response.person.purchases.history.map(\.transactionId) == ["tx_1"])
            #expect(response.person.subscriptions.current?.productId == "pro_monthly")
            #expect(response.person.attributes == ["seats": 5])  // the identified person's own value wins
            #expect(emulator.state.links == [anonymous: "user_123"])
            #expect(emulator.state.people.map(\.distinctId) == ["user_123"])
            #expect(emulator.state.purchases.map(\.distinctId) == ["user_123"])
        }
    }

    @Test func linkWithoutAnAnonymousPersonCreatesTheIdentifiedOne() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            let response = try await emulator.client().identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_new", name: "Ada"),
                idempotencyKey: idempotencyKey())
            #expect(response.outcome == .linked)
            #expect(response.person.name == "Ada" && response.person.email == nil)
            #expect(response.person.activePerkSlugs.isEmpty)
            #expect(emulator.state.person("user_new")?.name == "Ada")
            #expect(emulator.state.links[anonymous] == "user_new")
        }
    }

    @Test func theSameLinkAgainIsAlreadyLinkedAndStillSetsGivenFields() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            let client = emulator.client()
            let first = try await client.identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_123"),
                idempotencyKey: idempotencyKey())
            let second = try await client.identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_123", email: "new@example.com"),
                idempotencyKey: idempotencyKey())
            #expect(first.outcome == .linked)
            #expect(second.outcome == .alreadyLinked)
            #expect(second.person.email == "new@example.com")
            #expect(emulator.state.links == [anonymous: "user_123"])
        }
    }

    @Test func anAnonymousIdLinkedToAnotherUserIsClaimedAndKeepsItsHistory() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            try emulator.state.seedPurchase(premiumPurchase(for: anonymous))
            let client = emulator.client()
            _ = try await client.identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_a"),
                idempotencyKey: idempotencyKey())
            let response = try await client.identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_b", name: "Bea"),
                idempotencyKey: idempotencyKey())
            #expect(response.outcome == .anonymousIdClaimed)
            #expect(response.person.distinctId == "user_b" && response.person.name == "Bea")
            #expect(response.person.activePerkSlugs.isEmpty && response.person.purchases.history.isEmpty)
            #expect(emulator.state.person("user_a")?.activePerkSlugs == ["premium"])
            #expect(emulator.state.links == [anonymous: "user_a"])
        }
    }

    @Test func aSeededLinkMakesIdentifyClaimedForOtherUsers() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            emulator.state.seedLink(anonymousId: anonymous, externalUserId: "user_owner")
            let client = emulator.client()
            let other = try await client.identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_other"),
                idempotencyKey: idempotencyKey())
            let owner = try await client.identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_owner"),
                idempotencyKey: idempotencyKey())
            #expect(other.outcome == .anonymousIdClaimed)
            #expect(owner.outcome == .alreadyLinked)
        }
    }

    @Test func aRejectedUserIdIs409AndChangesNothing() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: anonymous, attributes: ["seats": 1]))
            emulator.state.addRejections(VoidhashRejections(userIds: ["user_banned"]))
            let error = await apiError {
                try await emulator.client().identify(
                    body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_banned", email: "x@y.z"),
                    idempotencyKey: idempotencyKey())
            }
            #expect(error?.status == 409)
            #expect(error?.code == "PERSON_WRITE_REJECTED")
            #expect(error?.category == .rejected)
            #expect(emulator.state.links.isEmpty)
            #expect(emulator.state.people.map(\.distinctId) == [anonymous])
        }
    }

    @Test(
        arguments: [
            (anonymousId(), " "),
            (anonymousId(), ""),
            (anonymousId(), "user\0id"),
            (anonymousId(), "vh_anon_3f1c2d4e-0000-4000-8000-000000000000"),
            (anonymousId(), String(repeating: "x", count: 256)),
            ("user_123", "user_456"),
            ("vh_anon_not-a-uuid", "user_456"),
        ])
    func invalidIdsAre400AndChangeNothing(anonymous: String, externalUserId: String) async throws {
        try await withVoidhashEmulator { emulator in
            let error = await apiError {
                try await emulator.client().identify(
                    body: IdentifyRequest(anonymousId: anonymous, externalUserId: externalUserId),
                    idempotencyKey: idempotencyKey())
            }
            #expect(error?.status == 400)
            #expect(error?.code == "INVALID_ARGUMENT")
            #expect(emulator.state.people.isEmpty && emulator.state.links.isEmpty)
        }
    }

    @Test func aBodyThatIsNotAnIdentifyRequestIs400() async throws {
        try await withVoidhashEmulator { emulator in
            let headers =
                VoidhashHarness.authorization(VoidhashEmulator.testKey) + [
                    HTTPField(name: "Idempotency-Key", value: "k1")
                ]
            let garbled = try await emulator.send("POST", "/v1/identify", headers: headers, body: #"{"anonymousId": 1"#)
            let wrongShape = try await emulator.send("POST", "/v1/identify", headers: headers, body: "[]")
            #expect(garbled.status == 400)
            #expect(wrongShape.status == 400)
            #expect(APIClient.error(for: garbled, now: Date())?.code == "INVALID_ARGUMENT")
        }
    }

    @Test func getPersonResolvesALinkedAnonymousIdToTheUsersPerson() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            let client = emulator.client()
            _ = try await client.identify(
                body: IdentifyRequest(anonymousId: anonymous, externalUserId: "user_123", email: "ada@example.com"),
                idempotencyKey: idempotencyKey())
            let viaAnonymous = try await client.getPerson(distinctId: anonymous)
            let viaUser = try await client.getPerson(distinctId: "user_123")
            #expect(viaAnonymous.distinctId == anonymous)  // the ID the snapshot was fetched for
            #expect(viaAnonymous.email == "ada@example.com")
            #expect(viaUser.distinctId == "user_123" && viaUser.email == "ada@example.com")
        }
    }

    @Test func getPersonOfAnUnknownIdIs404() async throws {
        try await withVoidhashEmulator { emulator in
            let error = await apiError { try await emulator.client().getPerson(distinctId: anonymousId()) }
            #expect(error?.status == 404)
            #expect(error?.code == "PERSON_NOT_FOUND")
        }
    }

    @Test func getPersonDecodesPercentEncodedIds() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.seedPerson(VoidhashPersonSeed(distinctId: "Łukasz/42 ?#", name: "Łukasz"))
            let person = try await emulator.client().getPerson(distinctId: "Łukasz/42 ?#")
            #expect(person.name == "Łukasz")
            #expect(person.distinctId == "Łukasz/42 ?#")
        }
    }
}
