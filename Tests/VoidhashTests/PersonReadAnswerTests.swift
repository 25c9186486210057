import Foundation
import SDKRuntime
import Testing
import VoidhashAPI

@testable import Voidhash

/// What a read answers once its wait ended, as a value: the reasons of the Check access page
/// (fresh, refreshInFlight, refreshFailed, noCache) and the one throw for a refused key.
@Suite("The answer of a person read as a value", .timeLimit(.minutes(3)))
struct PersonReadAnswerTests {
    let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let refused = APIError(
        category: .authenticationFailed, status: 401, code: VoidhashErrorCode.authenticationFailed.rawValue,
        message: "refused")
    let unreachable = APIError(category: .unreachable, message: "offline")

    /// A read at `secondsAfterFetch` of a snapshot Voidhash gave (`local`: one the SDK made), or
    /// of nothing (`cached: false`).
    func read(
        cached: Bool = true, local: Bool = false, secondsAfterFetch: TimeInterval = 1, lastRefreshFailed: Bool = false
    ) -> PersonReadAnswer {
        let snapshot = PersonSnapshot(person: nil, fetchedAt: fetchedAt, isLocal: local ? true : nil)
        return PersonReadAnswer(
            cache: PersonCacheRecord(epoch: "epoch", snapshot: cached ? snapshot : nil, awaitingLink: nil),
            person: nil, lastRefreshFailed: lastRefreshFailed, now: fetchedAt + secondsAfterFetch)
    }

    /// The reason of `answer`'s state, or the error code it threw.
    func reason(_ answer: Result<VoidhashPersonState, VoidhashError>) -> String {
        switch answer {
        case .success(let state): "\(state.reason)\(state.isStale ? " (stale)" : "")"
        case .failure(let error): error.code.rawValue
        }
    }

    @Test func anAnsweredRefreshGivesTheCachesFreshnessOrNoCache() {
        var latch = AuthenticationLatch()
        let stale = VoidhashConstants.personStaleAfter.timeInterval + 1
        #expect(reason(read().after(.updated, authentication: &latch)) == "fresh")
        #expect(
            reason(read(secondsAfterFetch: stale).after(.updated, authentication: &latch)) == "refreshInFlight (stale)")
        #expect(
            reason(read(secondsAfterFetch: stale, lastRefreshFailed: true).after(.superseded, authentication: &latch))
                == "refreshFailed (stale)")
        #expect(reason(read(cached: false).after(.updated, authentication: &latch)) == "noCache (stale)")
    }

    @Test func aFailedRefreshAnswersTheCacheAsRefreshFailedOrNoCache() {
        var latch = AuthenticationLatch()
        #expect(reason(read().after(.failed(unreachable), authentication: &latch)) == "refreshFailed (stale)")
        #expect(
            reason(read(local: true).after(.failed(unreachable), authentication: &latch)) == "refreshFailed (stale)")
        #expect(reason(read(cached: false).after(.failed(unreachable), authentication: &latch)) == "noCache (stale)")
    }

    @Test func aRefreshThatDidNotComeInTimeSaysWhyTheSnapshotIsStale() {
        var latch = AuthenticationLatch()
        #expect(reason(read().after(nil, authentication: &latch)) == "refreshInFlight (stale)")
        #expect(reason(read(lastRefreshFailed: true).after(nil, authentication: &latch)) == "refreshFailed (stale)")
        #expect(reason(read(cached: false).after(nil, authentication: &latch)) == "noCache (stale)")
    }

    /// "throws AUTHENTICATION_FAILED once, and only when Voidhash rejects the publishable key
    /// and nothing is cached": a snapshot the SDK made itself is not cached in that sense.
    @Test func aRefusedKeyThrowsOnceAndOnlyWithNothingVoidhashAnsweredCached() {
        var latch = AuthenticationLatch()
        #expect(reason(read().after(.failed(refused), authentication: &latch)) == "refreshFailed (stale)")
        #expect(!latch.hasThrown)
        #expect(reason(read(local: true).after(.failed(refused), authentication: &latch)) == "AUTHENTICATION_FAILED")
        #expect(reason(read(cached: false).after(.failed(refused), authentication: &latch)) == "noCache (stale)")
    }

    @Test func anExpiredSnapshotSaysSoWhateverTheReason() throws {
        var latch = AuthenticationLatch()
        let expired = VoidhashConstants.personExpiresAfter.timeInterval + 1
        let state = try read(secondsAfterFetch: expired).after(.failed(unreachable), authentication: &latch).get()
        #expect(state.isExpired)
        #expect(state.fetchedAt == fetchedAt)
    }
}
