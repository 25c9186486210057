import Foundation
import SDKRuntime
import VoidhashAPI

/// A snapshot of the current person, as Voidhash last described them.
///
/// Access comes from `hasActivePerk(_:)`: the perks Voidhash says are active. Expiry dates are
/// shown for account screens but never compared with the device clock.
public struct VoidhashPerson: Sendable, Hashable, CustomReflectable {
    /// The snapshot and its active perks, shared by every copy: a copy of the person is one
    /// reference, so screens reading it many times a second (from several threads at once) do
    /// not retain and release each of its fields on every read.
    private let storage: Storage

    /// The snapshot as Voidhash sent it.
    public var person: Person { storage.person }

    /// Wraps a snapshot Voidhash sent.
    public init(_ person: Person) {
        storage = Storage(person: person, activePerks: Set(person.activePerkSlugs))
    }

    /// Whether the person holds an active entitlement for the perk `slug` (a set lookup).
    public func hasActivePerk(_ slug: String) -> Bool {
        storage.activePerks.contains(slug)
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

    /// Whether both describe the same snapshot.
    public static func == (lhs: VoidhashPerson, rhs: VoidhashPerson) -> Bool {
        lhs.storage === rhs.storage || lhs.person == rhs.person
    }

    /// Hashes the snapshot (the active perks follow from it).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(person)
    }

    /// What `print`, `dump` and a failed test's message show: the snapshot.
    public var customMirror: Mirror {
        Mirror(self, children: ["person": person])
    }

    /// What every copy of one person shares; never changed once made.
    private final class Storage: Sendable {
        let person: Person
        let activePerks: Set<String>

        init(person: Person, activePerks: Set<String>) {
            self.person = person
            self.activePerks = activePerks
        }
    }
}
