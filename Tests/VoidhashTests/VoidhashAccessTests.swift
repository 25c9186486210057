import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import Voidhash
import VoidhashAPI

@Suite("Check access", .timeLimit(.minutes(3)))
struct VoidhashAccessTests {
    /// An instance signed in as `userId` who bought `pro_monthly` (perk `premium`).
    private func premiumUser(_ harness: SDKHarness, _ userId: String = "user_premium") async throws -> Voidhash {
        let voidhash = try harness.launch()
        try await voidhash.identify(externalUserId: userId)
        harness.store.purchase(productId: "pro_monthly")
        _ = try await voidhash.syncPurchases()
        return voidhash
    }

    @Test func theCacheIsServedAtOnceWhileFresh() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.clock.advance(by: .seconds(299))
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.reason == .fresh)
            #expect(!state.isStale)
            #expect(state.value?.hasActivePerk("premium") == true)
            #expect(harness.requests(.getPerson).isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func theCacheSurvivesARestart() async throws {
        try await withSDKHarness { harness in
            let first = try await premiumUser(harness)
            await first.shutdown()
            harness.inject(.dropConnection)
            let second = try harness.launch()
            let state = try await second.getCurrentPersonState()
            #expect(state.reason == .fresh)
            #expect(state.value?.hasActivePerk("premium") == true)
            await second.shutdown()
        }
    }

    @Test func aStaleSnapshotWaitsAtMost500MillisecondsForARefresh() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.clock.advance(by: VoidhashConstants.personStaleAfter)
            harness.inject(.hold, into: .getPerson)
            let read = Task { try await voidhash.getCurrentPersonState() }
            await harness.waitUntilHeld(.getPerson)
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: .milliseconds(499))
            #expect(harness.clock.sleeperCount == 1)
            harness.clock.advance(by: .milliseconds(1))
            let state = try await read.value
            #expect(state.isStale)
            #expect(state.reason == .refreshInFlight)
            #expect(state.value?.hasActivePerk("premium") == true)
            harness.server.clearFaults()
            harness.release(.getPerson)
            await voidhash.shutdown()
        }
    }

    @Test func aStaleSnapshotRefreshedInTimeIsFresh() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.state.seedPerson(VoidhashPersonSeed(distinctId: "user_premium", name: "Changed"))
            harness.clock.advance(by: VoidhashConstants.personStaleAfter)
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.reason == .fresh)
            #expect(state.value?.name == "Changed")
            await voidhash.shutdown()
        }
    }

    @Test func aFailedRefreshServesTheSnapshotMarkedStale() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.clock.advance(by: VoidhashConstants.personStaleAfter)
            harness.inject(.status(503, code: "INTERNAL"), into: .getPerson)
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.isStale)
            #expect(state.reason == .refreshFailed)
            #expect(!state.isExpired)
            #expect(state.value?.hasActivePerk("premium") == true)
            await voidhash.shutdown()
        }
    }

    @Test func aSnapshotOlderThanTwoDaysIsExpired() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.clock.advance(by: VoidhashConstants.personExpiresAfter + .seconds(1))
            harness.inject(.dropConnection)
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.isExpired)
            #expect(state.isStale)
            #expect(state.value?.hasActivePerk("premium") == true)
            await voidhash.shutdown()
        }
    }

    @Test func expiryDatesAreNeverComparedWithTheDeviceClock() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            let expiresAt = try #require(
                try await voidhash.getCurrentPerson()?.entitlements.grants.first?.expiresAt)
            harness.clock.setNow(expiresAt.addingTimeInterval(86_400))
            let person = try await voidhash.getCurrentPerson(forceFetch: true)
            #expect(person?.hasActivePerk("premium") == true)
            await voidhash.shutdown()
        }
    }

    /// After a sign-in whose link failed (delivery backing off), a forced read answered "failed"
    /// at once without sending anything, although Voidhash was reachable: the link, whose
    /// answer is the signed-in person, is tried now.
    @Test func forceFetchTriesAnIdentityLinkThatIsBackingOffNow() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            _ = try await voidhash.getCurrentPersonState()
            harness.inject(.status(503, code: "INTERNAL"), into: .identify)
            #expect(try await voidhash.identifyState(externalUserId: "user_forced").status == .deferred)
            harness.server.clearFaults()
            harness.state.seedPerson(VoidhashPersonSeed(distinctId: "user_forced", name: "Server side"))
            let identifies = harness.requests(.identify).count

            let state = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(harness.requests(.identify).count == identifies + 1)
            #expect(state.value?.distinctId == "user_forced")
            #expect(!state.isStale)
            await voidhash.shutdown()
        }
    }

    @Test func forceFetchAsksVoidhashNow() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.state.seedPerson(VoidhashPersonSeed(distinctId: "user_premium", name: "Server side"))
            #expect(try await voidhash.getCurrentPerson()?.name == nil)
            let state = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(state.value?.name == "Server side")
            #expect(state.reason == .fresh)
            await voidhash.shutdown()
        }
    }

    @Test func forceFetchWaitsUpToTheRequestTimeoutThenReturnsTheCacheMarkedStale() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.inject(.hold, into: .getPerson)
            let read = Task { try await voidhash.getCurrentPersonState(forceFetch: true) }
            await harness.waitUntilHeld(.getPerson)
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: VoidhashConstants.requestTimeout - .milliseconds(1))
            #expect(harness.clock.sleeperCount == 1)
            harness.clock.advance(by: .milliseconds(1))
            let state = try await read.value
            #expect(state.isStale)
            #expect(state.value?.hasActivePerk("premium") == true)
            harness.server.clearFaults()
            harness.release(.getPerson)
            await voidhash.shutdown()
        }
    }

    @Test func nilWithIsStaleMeansUnknown() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            await voidhash.resetPersonCache()
            harness.inject(.dropConnection, into: .getPerson)
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.value == nil)
            #expect(state.isStale)
            #expect(state.reason == .noCache)
            await voidhash.shutdown()
        }
    }

    @Test("a cache dropped by resetPersonCache stays dropped at the next launch")
    func aResetCacheStaysResetAcrossARelaunch() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            await voidhash.resetPersonCache()
            await voidhash.shutdown()
            harness.inject(.dropConnection, into: .getPerson)
            let relaunched = try harness.launch()
            let state = try await relaunched.getCurrentPersonState()
            #expect(state.value == nil)
            #expect(state.reason == .noCache)
            await relaunched.shutdown()
        }
    }

    @Test func personNotFoundIsNilAndNotStale() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.resetPersonCache()
            let state = try await voidhash.getCurrentPersonState()
            #expect(harness.requests(.getPerson).count == 1)
            #expect(state.value == nil)
            #expect(!state.isStale)
            #expect(state.reason == .fresh)
            await voidhash.shutdown()
        }
    }

    @Test func authenticationFailedIsThrownOnceOnlyWhenTheKeyIsRefusedAndNothingIsCached() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            harness.inject(.rejectKey, into: .getPerson)
            harness.clock.advance(by: VoidhashConstants.personStaleAfter)
            let cached = try await voidhash.getCurrentPersonState()
            #expect(cached.reason == .refreshFailed)
            await voidhash.resetPersonCache()
            let first = await voidhashError { try await voidhash.getCurrentPerson() }
            #expect(first?.code == .authenticationFailed)
            let second = try await voidhash.getCurrentPersonState()
            #expect(second.value == nil)
            #expect(second.isStale)
            await voidhash.shutdown()
        }
    }

    @Test("a fresh install with a refused key throws AUTHENTICATION_FAILED once: its own \"no person\" is not cached")
    func aFreshInstallWithARefusedKeyThrowsAuthenticationFailedOnce() async throws {
        try await withSDKHarness { harness in
            harness.inject(.rejectKey, into: .getPerson)
            let voidhash = try harness.launch()
            let first = await voidhashError { try await voidhash.getCurrentPerson(forceFetch: true) }
            #expect(first?.code == .authenticationFailed)
            let second = try await voidhash.getCurrentPersonState()
            #expect(second.value == nil)
            #expect(second.isStale)
            #expect(second.reason == .refreshFailed)
            await voidhash.shutdown()
        }
    }

    @Test(
        "the first read of a fresh install or a new anonymous identity asks Voidhash, and says stale until it answered")
    func theFirstReadOfANewAnonymousIdentityAsksVoidhash() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            _ = await voidhash.getDistinctId()
            harness.inject(.hold, into: .getPerson)
            let sleepers = harness.clock.sleeperCount
            let read = Task { try await voidhash.getCurrentPersonState() }
            await harness.waitUntilHeld(.getPerson)
            await harness.clock.waitForSleepers(sleepers + 1)
            harness.clock.advance(by: VoidhashConstants.staleReadWait)
            let waiting = try await read.value
            #expect(waiting.value == nil)
            #expect(waiting.isStale, "nothing received from Voidhash yet")
            harness.server.clearFaults()
            harness.release(.getPerson)
            let answered = try await voidhash.getCurrentPersonState()
            #expect(answered.value == nil)
            #expect(answered.reason == .fresh)
            #expect(harness.requests(.getPerson).count == 1)

            await voidhash.signOut()
            _ = try await voidhash.getCurrentPersonState()
            #expect(harness.requests(.getPerson).count == 2, "the signed-out identity's first read asks too")
            await voidhash.shutdown()
        }
    }

    /// The Check access page: the SDK refreshes the person after identity changes. Signing in as
    /// another user and signing out each ask Voidhash without waiting for a read.
    @Test func anIdentityChangeRefreshesThePersonWithoutARead() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            #expect(try await voidhash.identifyState(externalUserId: "user_first").status == .confirmed)
            _ = try await voidhash.getCurrentPersonState(forceFetch: true)
            let before = harness.requests(.getPerson).count
            #expect(try await voidhash.identifyState(externalUserId: "user_second").status == .confirmed)
            #expect(await eventually { harness.requests(.getPerson).count == before + 1 })
            await voidhash.signOut()
            #expect(await eventually { harness.requests(.getPerson).count == before + 2 })
            await voidhash.shutdown()
        }
    }

    @Test func resetPersonCacheMakesTheNextReadAskVoidhash() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            await voidhash.resetPersonCache()
            let person = try await voidhash.getCurrentPerson()
            #expect(harness.requests(.getPerson).count == 1)
            #expect(person?.hasActivePerk("premium") == true)
            await voidhash.shutdown()
        }
    }

    @Test func anAnswerForAPreviousIdentityIsNeverApplied() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            await voidhash.resetPersonCache()
            harness.inject(.hold, into: .getPerson)
            let read = Task { try await voidhash.getCurrentPersonState() }
            await harness.waitUntilHeld(.getPerson)
            await voidhash.signOut()
            _ = try await read.value
            harness.server.clearFaults()
            harness.release(.getPerson)
            // The old answer arrives over real loopback HTTP; give it a moment to be (not) applied.
            try await Task.sleep(for: .milliseconds(200))
            let after = try await voidhash.getCurrentPersonState()
            #expect(after.value == nil)
            #expect(!after.isStale)
            #expect(Voidhash.isAnonymousDistinctId(await voidhash.getDistinctId()))
            await voidhash.shutdown()
        }
    }

    @Test func thePersonModelExposesEntitlementsSubscriptionsAndPurchases() async throws {
        try await withSDKHarness { harness in
            let voidhash = try await premiumUser(harness)
            let person = try #require(try await voidhash.getCurrentPerson())
            #expect(person.activePerkSlugs == ["premium"])
            #expect(person.hasActivePerk("premium"))
            #expect(!person.hasActivePerk("boost"))
            let grant = try #require(person.entitlements.grants.first)
            #expect(grant.perkSlug == "premium")
            #expect(grant.status == .active)
            #expect(grant.source == .subscription)
            #expect(person.subscriptions.current?.status == .active)
            #expect(person.subscriptions.history.count == 1)
            #expect(person.purchases.history.first?.productId == "pro_monthly")
            await voidhash.shutdown()
        }
    }

    @Test func personUpdatesStreamsEverySnapshot() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            var updates = voidhash.personUpdates().makeAsyncIterator()
            let first = await updates.next()
            #expect(first == .some(nil))
            harness.store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            let second = await updates.next()
            #expect(second??.hasActivePerk("premium") == true)
            await voidhash.signOut()
            let third = await updates.next()
            #expect(third == .some(nil))
            await voidhash.shutdown()
        }
    }

    @Test(
        "after a read found delivery stalled behind an unconfirmed link, a later read that times out says the refresh failed"
    )
    func aStallSeenByAReadIsRememberedAsAFailedRefresh() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            _ = try await voidhash.getCurrentPersonState()
            // The link fails once and its lane backs off: the read that waits for it finds
            // delivery stalled.
            harness.inject(.status(503, code: "INTERNAL"), into: .identify)
            #expect(try await voidhash.identifyState(externalUserId: "user_stalled").status == .deferred)
            harness.server.clearFaults()
            #expect(try await voidhash.getCurrentPersonState().reason == .refreshFailed)
            // Delivery resumes and the link is under way (held): a read now times out waiting.
            #expect(try await reasonOfAReadTimingOutBehindTheHeldLink(voidhash, harness) == .refreshFailed)
            await voidhash.shutdown()
        }
    }

    @Test(
        "a link that failed while no read waited makes a later read that times out say the refresh failed"
    )
    func aLinkFailureNoReadSawIsRememberedAsAFailedRefresh() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            _ = try await voidhash.getCurrentPersonState()
            // Only `identifyState` waits for the link, and it waits for the item, not a refresh.
            harness.inject(.status(503, code: "INTERNAL"), into: .identify)
            #expect(try await voidhash.identifyState(externalUserId: "user_unseen").status == .deferred)
            harness.server.clearFaults()
            #expect(try await reasonOfAReadTimingOutBehindTheHeldLink(voidhash, harness) == .refreshFailed)
            await voidhash.shutdown()
        }
    }

    @Test(
        "a refresh that failed before the identity changed does not make the next identity's read say the refresh failed"
    )
    func aFailedRefreshIsForgottenWhenTheIdentityChanges() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            _ = try await voidhash.getCurrentPersonState()
            harness.clock.advance(by: VoidhashConstants.personStaleAfter)
            harness.inject(.status(503, code: "INTERNAL"), into: .getPerson)
            #expect(try await voidhash.getCurrentPersonState().reason == .refreshFailed)
            harness.server.clearFaults()
            // A refused link puts the anonymous identity back, with its (stale) snapshot.
            harness.inject(.status(400, code: "INVALID_ARGUMENT"), into: .identify, scope: .next(1))
            await #expect(throws: VoidhashError.self) {
                try await voidhash.identifyState(externalUserId: "user_refused")
            }
            #expect(Voidhash.isAnonymousDistinctId(await voidhash.getDistinctId()))
            harness.inject(.hold, into: .getPerson)
            let state = try await stateOfAReadTimingOut(voidhash, harness)
            harness.release(.getPerson)
            #expect(state.isStale)
            #expect(state.reason == .refreshInFlight)
            await voidhash.shutdown()
        }
    }

    /// Holds the link's next attempt, lets the drain that failed end (setting its retry timer)
    /// and moves the clock past the snapshot's five minutes and the back-off, so delivery sends
    /// the link again; then a read times out waiting for it. Returns the reason that read gives.
    private func reasonOfAReadTimingOutBehindTheHeldLink(
        _ voidhash: Voidhash, _ harness: SDKHarness
    ) async throws -> VoidhashPersonState.Reason {
        harness.inject(.hold, into: .identify)
        await voidhash.flush()
        harness.clock.advance(by: .seconds(301))
        await harness.waitUntilHeld(.identify)
        let reason = try await stateOfAReadTimingOut(voidhash, harness).reason
        harness.release(.identify)
        return reason
    }

    /// Starts a read, lets it wait for the refresh under way until `staleReadWait` passes, and
    /// returns what it answered.
    private func stateOfAReadTimingOut(
        _ voidhash: Voidhash, _ harness: SDKHarness
    ) async throws -> VoidhashPersonState {
        let sleepers = harness.clock.sleeperCount
        let read = Task { try await voidhash.getCurrentPersonState() }
        await harness.clock.waitForSleepers(sleepers + 1)
        harness.clock.advance(by: VoidhashConstants.staleReadWait)
        return try await read.value
    }
}
