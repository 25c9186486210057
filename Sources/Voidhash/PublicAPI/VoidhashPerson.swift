import Foundation
import SDKRuntime
import VoidhashAPI

/// A snapshot of the current person, as Voidhash last described them.
///
/// Access comes from `hasActivePerk(_:)`: the perks Voidhash says are active. Expiry dates are
/// shown for account screens but never compared with the device clock.
public struct VoidhashPerson: Sendable, Hashable {
    /// The snapshot as Voidhash sent it.
    public let person: Person
    private let activePerks: Set<String>

    /// Wraps a snapshot Voidhash sent.
    public init(_ person: Person) {
        self.person = person
        activePerks = Set(person.activePerkSlugs)
    }

    /// Whether the person holds an active entitlement for the perk `slug` (a set lookup).
    public func hasActivePerk(_ slug: String) -> Bool {
        activePerks.contains(slug)
    }

    /// Slugs of every perk the person can use now.
    public var activePerkSlugs: [String] { person.activePerkSlugs }
    /// The distinct ID Voidhash answered for.
    public var distinctId: String { person.distinctId }
    /// The built-in email field.
    public var email: String? { person.email }
    /// The built-in name field.
    public var name: String? { person.name }
    /// Custom attributes.
    public var attributes: [String: JSONValue] { person.attributes }
    /// Every entitlement, active or expired (`entitlements.grants`).
    public var entitlements: Entitlements { person.entitlements }
    /// The current subscription and every subscription (`subscriptions.current`, `.history`).
    public var subscriptions: VoidhashSubscriptions { person.subscriptions }
    /// Past purchases (`purchases.history`).
    public var purchases: Purchases { person.purchases }
}
