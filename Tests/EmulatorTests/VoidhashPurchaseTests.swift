import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

@Suite("Voidhash emulator: purchases and perks", .timeLimit(.minutes(3)))
struct VoidhashPurchaseTests {
    private static let day: Duration = .seconds(86_400)

    private func record(
        _ productId: String = "pro_monthly", environment: PurchaseEnvironment = .simulated,
        transactionId: String = "tx_1", distinctId: String = "user_buyer", purchasedAt: Date = voidhashTestEpoch
    ) -> PurchaseRecord {
        PurchaseRecord(
            distinctId: distinctId, productId: productId, transactionId: transactionId, environment: environment,
            purchasedAt: purchasedAt)
    }

    private func buy(
        _ record: PurchaseRecord, key: String = VoidhashEmulator.testKey, in emulator: VoidhashHarness
    ) async throws -> Person {
        try await emulator.client(key: key).recordPurchase(body: record, idempotencyKey: idempotencyKey())
    }

    @Test func aSimulatedSubscriptionWithTheTestKeyGrantsPremiumFor30Days() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try await buy(record(), in: emulator)
            let expiresAt = voidhashTestEpoch.addingTimeInterval(30 * 86_400)
            #expect(person.distinctId == "user_buyer")
            #expect(person.activePerkSlugs == ["premium"])
            let grant = try #require(person.entitlements.grants.first)
            #expect(person.entitlements.grants.count == 1)
            #expect(grant.perkSlug == "premium" && grant.perkId == "perk_premium")
            #expect(grant.status == .active && grant.source == .subscription && grant.expiresAt == expiresAt)
            let subscription = try #require(person.subscriptions.current)
            #expect(person.subscriptions.history == [subscription])
            #expect(grant.sourceId == subscription.id)
            #expect(subscription.productId == "pro_monthly" && subscription.status == .active)
            #expect(subscription.startedAt == voidhashTestEpoch && subscription.expiresAt == expiresAt)
            let purchase = try #require(person.purchases.history.first)
            #expect(purchase.transactionId == "tx_1" && purchase.environment == .simulated)
            #expect(purchase.purchasedAt == voidhashTestEpoch && purchase.productId == "pro_monthly")
        }
    }

    /// RFC 3339 writes no date after year 9999, so a subscription bought in its last month ends
    /// at its last instant, and the person answered stays readable.
    @Test func aSubscriptionBoughtAtTheEndOfYear9999EndsWithIt() async throws {
        try await withVoidhashEmulator { emulator in
            let lateInTheYear = try #require(JSONCoding.date(from: "9999-12-20T00:00:00.000Z"))
            let person = try await buy(record(purchasedAt: lateInTheYear), in: emulator)
            let last = try #require(JSONCoding.date(from: "9999-12-31T23:59:59.999Z"))
            #expect(person.entitlements.grants.first?.expiresAt == last)
            #expect(person.subscriptions.current?.expiresAt == last)
            let read = try await emulator.client().getPerson(distinctId: "user_buyer")
            #expect(read.subscriptions.current?.expiresAt == last)
        }
    }

    @Test(arguments: [
        (VoidhashEmulator.testKey, PurchaseEnvironment.sandbox, true),
        (VoidhashEmulator.testKey, .simulated, true),
        (VoidhashEmulator.testKey, .testMode, true),
        (VoidhashEmulator.testKey, .production, false),
        (VoidhashEmulator.productionKey, .production, true),
        (VoidhashEmulator.productionKey, .sandbox, true),
        (VoidhashEmulator.productionKey, .simulated, false),
        (VoidhashEmulator.productionKey, .testMode, false),
        (VoidhashEmulator.testKey, .unknown("arcade"), false),
    ])
    func theKeysEnvironmentDecidesWhichPurchasesGrantPerks(
        key: String, environment: PurchaseEnvironment, grants: Bool
    ) async throws {
        try await withVoidhashEmulator { emulator in
            let person = try await buy(record(environment: environment), key: key, in: emulator)
            #expect(person.activePerkSlugs == (grants ? ["premium"] : []))
            #expect(person.entitlements.grants.count == (grants ? 1 : 0))
            #expect(person.subscriptions.history.count == (grants ? 1 : 0))
            #expect(person.purchases.history.map(\.environment) == [environment])  // stored either way
            #expect(emulator.state.purchases.map(\.purchase.transactionId) == ["tx_1"])
        }
    }

    @Test func aOneTimeProductGrantsItsPerkWithoutEnd() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try await buy(record("lifetime_boost"), in: emulator)
            let grant = try #require(person.entitlements.grants.first)
            #expect(person.activePerkSlugs == ["boost"])
            #expect(grant.source == .purchase && grant.expiresAt == nil)
            #expect(grant.sourceId == person.purchases.history.first?.id)
            #expect(person.subscriptions.current == nil && person.subscriptions.history.isEmpty)
            emulator.clock.advance(by: Self.day * 3650)
            #expect(try await emulator.client().getPerson(distinctId: "user_buyer").activePerkSlugs == ["boost"])
        }
    }

    @Test func aTransactionIsRecordedOnceWhateverTheIdempotencyKey() async throws {
        try await withVoidhashEmulator { emulator in
            let first = try await buy(record(), in: emulator)
            let again = try await buy(record(), in: emulator)
            #expect(again == first)
            #expect(again.purchases.history.count == 1 && again.entitlements.grants.count == 1)
            #expect(emulator.state.purchases.count == 1)
        }
    }

    @Test func perksExpireByTheEmulatorsClock() async throws {
        try await withVoidhashEmulator { emulator in
            _ = try await buy(record(), in: emulator)
            _ = try await buy(record("lifetime_boost", transactionId: "tx_2"), in: emulator)
            emulator.clock.advance(by: Self.day * 30 - .seconds(1))
            let before = try await emulator.client().getPerson(distinctId: "user_buyer")
            #expect(before.activePerkSlugs == ["boost", "premium"])
            emulator.clock.advance(by: .seconds(1))
            let after = try await emulator.client().getPerson(distinctId: "user_buyer")
            #expect(after.activePerkSlugs == ["boost"])
            #expect(after.entitlements.grants.map(\.status) == [.expired, .active])
            #expect(after.subscriptions.current == nil)
            #expect(after.subscriptions.history.map(\.status) == [.expired])
        }
    }

    @Test func aPurchaseDatedLongAgoIsAlreadyExpired() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try await buy(
                record(purchasedAt: voidhashTestEpoch.addingTimeInterval(-31 * 86_400)), in: emulator)
            #expect(person.activePerkSlugs.isEmpty)
            #expect(person.entitlements.grants.map(\.status) == [.expired])
        }
    }

    @Test func setNowMovesTheEmulatorsTime() async throws {
        try await withVoidhashEmulator { emulator in
            _ = try await buy(record(), in: emulator)
            let later = voidhashTestEpoch.addingTimeInterval(40 * 86_400)
            emulator.state.setNow(later)
            #expect(emulator.state.now == later)
            #expect(emulator.state.person("user_buyer")?.activePerkSlugs == [])
            emulator.state.setNow(voidhashTestEpoch)
            #expect(emulator.state.person("user_buyer")?.activePerkSlugs == ["premium"])
        }
    }

    @Test func aRenewalAfterExpiryBecomesTheCurrentSubscription() async throws {
        try await withVoidhashEmulator { emulator in
            _ = try await buy(record(), in: emulator)
            emulator.clock.advance(by: Self.day * 31)
            let renewed = try await buy(
                record(transactionId: "tx_2", purchasedAt: voidhashTestEpoch.addingTimeInterval(31 * 86_400)),
                in: emulator)
            #expect(renewed.activePerkSlugs == ["premium"])
            #expect(renewed.subscriptions.history.map(\.status) == [.expired, .active])
            #expect(renewed.subscriptions.current == renewed.subscriptions.history.last)
        }
    }

    @Test("of two running subscriptions started at the same instant, the one recorded first is current")
    func aTieKeepsTheSubscriptionRecordedFirst() async throws {
        try await withVoidhashEmulator { emulator in
            _ = try await buy(record(), in: emulator)
            let person = try await buy(record(transactionId: "tx_2"), in: emulator)
            #expect(person.subscriptions.history.count == 2)
            #expect(person.subscriptions.current == person.subscriptions.history.first)
        }
    }

    @Test func aProductOutsideTheCatalogIsStoredWithoutPerks() async throws {
        try await withVoidhashEmulator { emulator in
            let person = try await buy(record("coins_100"), in: emulator)
            #expect(person.purchases.history.map(\.productId) == ["coins_100"])
            #expect(person.activePerkSlugs.isEmpty && person.entitlements.grants.isEmpty)
        }
    }

    @Test func aSeededCatalogDecidesThePerks() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.setCatalog([
                VoidhashCatalogProduct(
                    productId: "team_yearly", perkSlug: "team", perkId: "perk_07", subscriptionDays: 365)
            ])
            let person = try await buy(record("team_yearly"), in: emulator)
            let monthly = try await buy(record(transactionId: "tx_2"), in: emulator)
            #expect(person.activePerkSlugs == ["team"])
            #expect(person.entitlements.grants.first?.perkId == "perk_07")
            #expect(
                person.entitlements.grants.first?.expiresAt == voidhashTestEpoch.addingTimeInterval(365 * 86_400))
            #expect(monthly.activePerkSlugs == ["team"])  // pro_monthly is no longer in the catalog
        }
    }

    @Test func aPurchaseUnderALinkedAnonymousIdGoesToTheUser() async throws {
        try await withVoidhashEmulator { emulator in
            let anonymous = anonymousId()
            emulator.state.seedLink(anonymousId: anonymous, externalUserId: "user_123")
            let person = try await buy(record(distinctId: anonymous), in: emulator)
            #expect(person.distinctId == anonymous && person.activePerkSlugs == ["premium"])
            #expect(emulator.state.person("user_123")?.activePerkSlugs == ["premium"])
            #expect(emulator.state.purchases.map(\.distinctId) == ["user_123"])
        }
    }

    @Test(arguments: [
        PurchaseRecord(
            distinctId: " ", productId: "pro_monthly", transactionId: "t", environment: .simulated,
            purchasedAt: voidhashTestEpoch),
        PurchaseRecord(
            distinctId: "user_1", productId: "", transactionId: "t", environment: .simulated,
            purchasedAt: voidhashTestEpoch),
        PurchaseRecord(
            distinctId: "user_1", productId: "pro_monthly", transactionId: " ", environment: .simulated,
            purchasedAt: voidhashTestEpoch),
    ])
    func anInvalidRecordIs400AndStoresNothing(record: PurchaseRecord) async throws {
        try await withVoidhashEmulator { emulator in
            let error = await apiError { try await buy(record, in: emulator) }
            #expect(error?.status == 400 && error?.code == "INVALID_ARGUMENT")
            #expect(emulator.state.purchases.isEmpty && emulator.state.people.isEmpty)
        }
    }

    @Test func aRejectedDistinctIdIs409AndStoresNothing() async throws {
        try await withVoidhashEmulator { emulator in
            emulator.state.addRejections(VoidhashRejections(purchaseDistinctIds: ["user_buyer"]))
            let error = await apiError { try await buy(record(), in: emulator) }
            #expect(error?.status == 409 && error?.code == "PERSON_WRITE_REJECTED")
            #expect(emulator.state.purchases.isEmpty)
        }
    }

    @Test func datesTravelAsRFC3339WithMilliseconds() async throws {
        try await withVoidhashEmulator { emulator in
            let headers =
                VoidhashHarness.authorization(VoidhashEmulator.testKey) + [
                    HTTPField(name: "Idempotency-Key", value: "p")
                ]
            let response = try await emulator.send(
                "POST", "/v1/purchases", headers: headers,
                body: #"""
                    {"distinctId": "user_buyer", "productId": "pro_monthly", "transactionId": "t",
                     "environment": "simulated", "purchasedAt": "2026-11-29T10:00:00.250+01:00"}
                    """#)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == 200)
            #expect(text.contains(#""purchasedAt":"2026-11-29T09:00:00.250Z""#))
            #expect(text.contains(#""expiresAt":"2026-12-29T09:00:00.250Z""#))
        }
    }
}
