import Foundation
import VoidhashAPI

/// The cached person of one identity epoch, as stored.
struct PersonCacheRecord: Codable, Sendable, Hashable {
    /// The identity epoch the snapshot belongs to.
    var epoch: String
    /// The last answer, or `nil` when nothing is cached.
    var snapshot: PersonSnapshot?
    /// The identity link still unconfirmed: while it is set, `snapshot` is the anonymous
    /// person's, kept so that access survives the sign-in, and it counts as stale.
    var awaitingLink: String?
    /// Whether something changed the person since the snapshot was fetched (a purchase made
    /// under an earlier identity was recorded): the snapshot then counts as stale.
    var isOutdated: Bool?

    /// An empty cache for `epoch`.
    static func empty(epoch: String) -> PersonCacheRecord {
        PersonCacheRecord(epoch: epoch, snapshot: nil, awaitingLink: nil)
    }
}

/// One answer of Voidhash about a person, or what the SDK knows without asking.
struct PersonSnapshot: Codable, Sendable, Hashable {
    /// The person, or `nil` when Voidhash has none for the distinct ID.
    var person: Person?
    /// When it was fetched, by the device clock (never the server's clock).
    var fetchedAt: Date
    /// Whether the SDK made it without asking Voidhash: a new anonymous identity (a fresh
    /// install, a sign-out) has no person yet. Such a snapshot answers reads at once, but it is
    /// not cached in the sense of the pages (received from Voidhash): it counts as stale, so the
    /// first read asks Voidhash, and a refused key is thrown as when nothing is cached.
    var isLocal: Bool?

    /// The snapshot of a new anonymous identity, made at `now`.
    static func newAnonymous(at now: Date) -> PersonSnapshot {
        PersonSnapshot(person: nil, fetchedAt: now, isLocal: true)
    }
}
