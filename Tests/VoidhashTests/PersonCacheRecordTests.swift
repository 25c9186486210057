import Foundation
import Testing
import VoidhashAPI

@testable import Voidhash

@Suite("The person cache as a value: freshness and expiry", .timeLimit(.minutes(3)))
struct PersonCacheRecordTests {
    let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let staleAfter = VoidhashConstants.personStaleAfter.timeInterval
    let expiresAfter = VoidhashConstants.personExpiresAfter.timeInterval

    func record(
        awaitingLink: String? = nil, isOutdated: Bool? = nil, isLocal: Bool? = nil
    ) -> PersonCacheRecord {
        PersonCacheRecord(
            epoch: "epoch", snapshot: PersonSnapshot(person: nil, fetchedAt: fetchedAt, isLocal: isLocal),
            awaitingLink: awaitingLink, isOutdated: isOutdated)
    }

    @Test func aSnapshotIsFreshUntilItIsStaleAfterAge() {
        #expect(record().freshness(at: fetchedAt) == .fresh)
        #expect(record().freshness(at: fetchedAt + staleAfter - 0.001) == .fresh)
        #expect(record().freshness(at: fetchedAt + staleAfter) == .stale)
    }

    @Test func aSnapshotDatedInTheFutureIsStale() {
        #expect(record().freshness(at: fetchedAt - 1) == .stale)
    }

    @Test func anAwaitedLinkAnOutdatedOrALocalSnapshotIsStaleAtAnyAge() {
        #expect(record(awaitingLink: "link").freshness(at: fetchedAt) == .stale)
        #expect(record(isOutdated: true).freshness(at: fetchedAt) == .stale)
        #expect(record(isLocal: true).freshness(at: fetchedAt) == .stale)
        #expect(record(isOutdated: false, isLocal: false).freshness(at: fetchedAt) == .fresh)
    }

    @Test func nothingCachedIsNone() {
        #expect(PersonCacheRecord.empty(epoch: "epoch").freshness(at: fetchedAt) == .none)
        #expect(!PersonCacheRecord.empty(epoch: "epoch").isExpired(at: fetchedAt + expiresAfter * 2))
    }

    /// Fetched while the device clock ran a year ahead and read once it was set right, a
    /// snapshot counted as never expired for that year; a small step back (within the stale
    /// window) is a clock's adjustment, not a lost age.
    @Test func aSnapshotDatedFurtherInTheFutureThanTheStaleWindowIsExpired() {
        #expect(!record().isExpired(at: fetchedAt - staleAfter))
        #expect(record().isExpired(at: fetchedAt - staleAfter - 0.001))
        #expect(record().isExpired(at: fetchedAt - 365 * 86_400))
        #expect(record().freshness(at: fetchedAt - 365 * 86_400) == .stale)
    }

    @Test func aSnapshotExpiresOnlyAfterTheExpiryAge() {
        #expect(!record().isExpired(at: fetchedAt + expiresAfter))
        #expect(record().isExpired(at: fetchedAt + expiresAfter + 0.001))
    }

    @Test func theViewAnswersOnlyAFreshSnapshotAndOnlyOnceTheCoreHasPublished() throws {
        let view = PersonCacheView()
        #expect(view.freshState(at: fetchedAt) == nil)
        view.publish(record(), person: nil)
        let state = try #require(view.freshState(at: fetchedAt + 1))
        #expect(
            state
                == VoidhashPersonState(
                    value: nil, isStale: false, isExpired: false, reason: .fresh, fetchedAt: fetchedAt))
        #expect(view.freshState(at: fetchedAt + staleAfter) == nil)
        view.publish(record(awaitingLink: "link"), person: nil)
        #expect(view.freshState(at: fetchedAt + 1) == nil)
    }
}
