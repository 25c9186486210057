import Foundation
import SDKRuntime
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
    /// The latest device time a read found the snapshot at, noted in steps of
    /// `VoidhashConstants.personStaleAfter` (`noteRead(at:)`): the snapshot is at least as old
    /// as it was then, so a device clock set back since does not make it younger again.
    var seenUntil: Date?

    /// An empty cache for `epoch`.
    static func empty(epoch: String) -> PersonCacheRecord {
        PersonCacheRecord(epoch: epoch, snapshot: nil, awaitingLink: nil)
    }

    /// How current a cached snapshot is.
    enum Freshness: Sendable, Hashable {
        /// Fetched less than `VoidhashConstants.personStaleAfter` ago, and not waiting for an
        /// identity link.
        case fresh
        /// Older, outdated, waiting for an identity link, made by the SDK without asking
        /// Voidhash, or dated in the future by the device clock.
        case stale
        /// Nothing cached.
        case none
    }

    /// The snapshot's freshness at `now`, by the age of its fetch on the device clock (`age(at:)`).
    func freshness(at now: Date) -> Freshness {
        guard let snapshot else { return .none }
        if awaitingLink != nil || isOutdated == true || snapshot.isLocal == true { return .stale }
        let age = age(at: now, of: snapshot)
        return now >= snapshot.fetchedAt && age < VoidhashConstants.personStaleAfter.timeInterval ? .fresh : .stale
    }

    /// Whether the snapshot was fetched more than `VoidhashConstants.personExpiresAfter` before
    /// `now` (`age(at:)`), or cannot be shown not to be: dated further in the future by the
    /// device clock than `VoidhashConstants.personStaleAfter` (a clock that ran ahead when it
    /// was fetched and was set right since), its age is unknown, and counting it never expired
    /// would keep access for as long as the clock had been off.
    func isExpired(at now: Date) -> Bool {
        guard let snapshot else { return false }
        return age(at: now, of: snapshot) > VoidhashConstants.personExpiresAfter.timeInterval
            || snapshot.fetchedAt.timeIntervalSince(now) > VoidhashConstants.personStaleAfter.timeInterval
    }

    /// How long before `now` the snapshot was fetched, or before the latest time a read found
    /// it at (`seenUntil`), whichever is longer: a device clock set back after a read (to keep
    /// an expired snapshot of a lapsed subscription in use offline) does not make it younger.
    private func age(at now: Date, of snapshot: PersonSnapshot) -> TimeInterval {
        max(now, seenUntil ?? now).timeIntervalSince(snapshot.fetchedAt)
    }

    /// Notes that a read found the snapshot at `now`, when that is at least
    /// `VoidhashConstants.personStaleAfter` after its fetch and after the time noted last;
    /// returns whether it did (the record is then worth storing again, which happens at most
    /// once in that time). Between notes the mark lags the reads by less than that time, so a
    /// clock set back makes the snapshot younger by less than that, never by more.
    mutating func noteRead(at now: Date) -> Bool {
        guard let snapshot else { return false }
        let noted = seenUntil ?? snapshot.fetchedAt
        guard now.timeIntervalSince(noted) >= VoidhashConstants.personStaleAfter.timeInterval else { return false }
        seenUntil = now
        return true
    }

    /// Whether this record holds the same snapshot of the same identity epoch as `other`, as
    /// storage keeps it (its fetch time to the millisecond).
    func holdsTheSnapshot(of other: PersonCacheRecord) -> Bool {
        guard epoch == other.epoch, let snapshot, let theirs = other.snapshot else { return false }
        return snapshot.person == theirs.person && snapshot.isLocal == theirs.isLocal
            && abs(snapshot.fetchedAt.timeIntervalSince(theirs.fetchedAt)) < 0.001
    }

    /// What a read at `now` answers with this cache, whose person is `person`, given how the
    /// read judged it.
    func state(
        person: VoidhashPerson?, isStale: Bool, reason: VoidhashPersonState.Reason, at now: Date
    ) -> VoidhashPersonState {
        VoidhashPersonState(
            value: person, isStale: isStale, isExpired: isExpired(at: now), reason: reason,
            fetchedAt: snapshot?.fetchedAt)
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
