import Foundation
import SDKRuntime
import VoidhashAPI

/// One person as the emulator keeps it. Grants and subscriptions are stored as granted; their
/// statuses are computed against the emulator's clock whenever a snapshot is taken.
struct VoidhashStoredPerson: Sendable, Hashable {
    /// The person's own distinct ID (an anonymous ID or an external user ID).
    var distinctId: String
    /// The built-in email field.
    var email: String?
    /// The built-in name field.
    var name: String?
    /// Custom attributes.
    var attributes: [String: JSONValue] = [:]
    /// Purchases, in the order they were recorded.
    var purchases: [Purchase] = []
    /// Subscriptions, in the order they started.
    var subscriptions: [VoidhashSubscription] = []
    /// Entitlement grants, in the order they were granted.
    var grants: [EntitlementGrant] = []

    /// Takes over `other`'s purchases, subscriptions, grants and attributes (an identify merge).
    /// Where both have a value, this person's own value wins.
    mutating func absorb(_ other: VoidhashStoredPerson) {
        purchases += other.purchases
        subscriptions += other.subscriptions
        grants += other.grants
        attributes.merge(other.attributes) { own, _ in own }
        email = email ?? other.email
        name = name ?? other.name
    }

    /// The snapshot the API returns for a request that named `requestedId`, at `now`.
    func snapshot(requestedId: String, now: Date) -> Person {
        let grants = grants.map { grant in
            var grant = grant
            grant.status = Self.isRunning(until: grant.expiresAt, now: now) ? .active : .expired
            return grant
        }
        let subscriptions = subscriptions.map { subscription in
            var subscription = subscription
            if !Self.isRunning(until: subscription.expiresAt, now: now) { subscription.status = .expired }
            return subscription
        }
        let activeSlugs = Set(grants.filter { $0.status == .active }.compactMap(\.perkSlug))
        let current = subscriptions.filter { $0.status != .expired }.max { $0.startedAt < $1.startedAt }
        return Person(
            distinctId: requestedId, email: email, name: name, attributes: attributes,
            activePerkSlugs: activeSlugs.sorted(), entitlements: Entitlements(grants: grants),
            subscriptions: VoidhashSubscriptions(current: current, history: subscriptions),
            purchases: Purchases(history: purchases))
    }

    /// Whether access ending at `end` (never, when `nil`) is still running at `now`.
    private static func isRunning(until end: Date?, now: Date) -> Bool {
        end.map { now < $0 } ?? true
    }
}
