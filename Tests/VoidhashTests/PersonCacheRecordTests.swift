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

    /// Read offline two days after its fetch, then with the device clock set back to a minute
    /// after the fetch: the snapshot stays as old as it was found, expired and stale, instead of
    /// fresh again (a lapsed subscription kept in use by turning the clock back).
    @Test func aClockSetBackAfterAReadDoesNotMakeTheSnapshotYounger() {
        var read = record()
        let noted = read.noteRead(at: fetchedAt + expiresAfter + 1)
        #expect(noted)
        #expect(read.isExpired(at: fetchedAt + 60))
        #expect(read.freshness(at: fetchedAt + 60) == .stale)
        #expect(!record().isExpired(at: fetchedAt + 60), "without the read, the clock decides")
        #expect(record().freshness(at: fetchedAt + 60) == .fresh)
    }

    /// A read is noted once the stale window has passed since the fetch or the last note, so the
    /// record is stored again at most that often; the mark never moves back.
    @Test func readsAreNotedInStepsOfTheStaleWindowAndNeverBackwards() {
        var read = record()
        let times = [
            fetchedAt + staleAfter - 1, fetchedAt + staleAfter, fetchedAt + 2 * staleAfter - 1,
            fetchedAt + 60, fetchedAt + 3 * staleAfter,
        ]
        let noted = times.map { read.noteRead(at: $0) }
        #expect(noted == [false, true, false, false, true])
        #expect(read.seenUntil == fetchedAt + 3 * staleAfter)
        var empty = PersonCacheRecord.empty(epoch: "epoch")
        let notedEmpty = empty.noteRead(at: fetchedAt + expiresAfter)
        #expect(!notedEmpty)
    }

    /// A noted read leaves the rule for a snapshot dated in the future as it was: past the
    /// stale window, it is expired.
    @Test func aNotedReadLeavesTheRuleForASnapshotDatedInTheFuture() {
        var read = record()
        let noted = read.noteRead(at: fetchedAt + staleAfter)
        #expect(noted)
        #expect(read.isExpired(at: fetchedAt - 365 * 86_400))
        #expect(!read.isExpired(at: fetchedAt + staleAfter))
    }

    /// The SDK cannot tell a clock that ran ahead during a read and was set right since from a
    /// clock set back after time passed: either way the snapshot counts as old as the read found
    /// it, until the next fetch (as the offline page says).
    @Test func aClockThatRanAheadDuringAReadAgesTheSnapshotUntilTheNextFetch() {
        var read = record()
        let noted = read.noteRead(at: fetchedAt + expiresAfter + 86_400)
        #expect(noted)
        #expect(read.isExpired(at: fetchedAt + 600))
        #expect(read.freshness(at: fetchedAt + 600) == .stale)
    }

    @Test func aRecordHoldsTheSnapshotOfAnotherOnlyForTheSameEpochPersonAndFetchTime() {
        let stored = record()
        var read = stored
        _ = read.noteRead(at: fetchedAt + expiresAfter)
        #expect(stored.holdsTheSnapshot(of: read), "the mark does not make it another snapshot")
        var roundedByStorage = stored
        roundedByStorage.snapshot?.fetchedAt = fetchedAt + 0.000_4
        #expect(roundedByStorage.holdsTheSnapshot(of: stored))
        var later = stored
        later.snapshot?.fetchedAt = fetchedAt + 60
        #expect(!later.holdsTheSnapshot(of: stored))
        var otherEpoch = stored
        otherEpoch.epoch = "other"
        #expect(!otherEpoch.holdsTheSnapshot(of: stored))
        #expect(!PersonCacheRecord.empty(epoch: "epoch").holdsTheSnapshot(of: stored))
    }
}
