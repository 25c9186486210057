import Foundation
import SDKRuntime
import VoidhashAPI

/// The values the hot-path and queue benchmarks work on.
enum Fixtures {
    /// A full person snapshot: the first example of `Person` in Spec/voidhash.yaml.
    static let personJSON = """
        {"distinctId": "user_123", "email": "ada@example.com", "name": "Ada",
         "attributes": {"seats": 3, "plan_source": "referral"},
         "activePerkSlugs": ["premium"],
         "entitlements": {"grants": [
           {"perkSlug": "premium", "perkId": "perk_01", "status": "active", "source": "subscription",
            "sourceId": "sub_01", "expiresAt": "2026-12-01T00:00:00Z"},
           {"perkSlug": null, "perkId": "perk_02", "status": "expired", "source": "purchase",
            "sourceId": "pur_01", "expiresAt": null}]},
         "subscriptions": {
           "current": {"id": "sub_01", "productId": "pro_monthly", "status": "active",
                       "startedAt": "2026-11-01T00:00:00Z", "expiresAt": "2026-12-01T00:00:00Z"},
           "history": [{"id": "sub_01", "productId": "pro_monthly", "status": "active",
                        "startedAt": "2026-11-01T00:00:00Z", "expiresAt": "2026-12-01T00:00:00Z"}]},
         "purchases": {"history": [{"id": "pur_01", "productId": "lifetime_boost",
           "transactionId": "2000000123", "environment": "sandbox",
           "purchasedAt": "2026-10-01T12:30:00.250Z"}]}}
        """

    /// `personJSON` decoded.
    static func person() throws -> Person {
        try JSONCoding.makeDecoder().decode(Person.self, from: Data(personJSON.utf8))
    }

    /// Eight different 36-character external user IDs (UUIDs), so that no call can be hoisted
    /// out of a benchmark loop.
    static let externalUserIds = (0..<8).map { index in
        "0b6f9d2e-4c1a-4c44-9a57-1f0e2b3c4d5\(index)"
    }

    /// Eight group types, all valid.
    static let groupTypes = [
        "company", "team", "workspace_2", "a", "department", "project_42", "org", "region",
    ]

    /// Eight group keys, all valid.
    static let groupKeys = [
        "acme", "acme-design", "a", "Initech Ltd.", "globex_7", "umbrella", "hooli-x", "42",
    ]

    /// Analytics event number `index` as a queue stores it: its JSON encoding.
    static func eventPayload(_ index: Int, encoder: JSONEncoder) throws -> Data {
        let event = Event(
            id: UUID().uuidString.lowercased(), event: "report_shared", distinctId: "user_123",
            timestamp: Date(timeIntervalSince1970: 1_790_000_000 + Double(index) / 1_000),
            sessionId: "01938a6e-7a00-7000-8000-0000000000aa",
            properties: [
                "$groups": .object(["company": .string("acme"), "team": .string("acme-sales")]),
                "plan": .string("pro"), "seats": .number(Double(index % 50)),
            ])
        return try encoder.encode(event)
    }
}
