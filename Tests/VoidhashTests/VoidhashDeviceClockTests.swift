import Foundation
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// The device clock never decides access, and a clock set back cannot keep a snapshot fresh.
@Suite("The device clock", .timeLimit(.minutes(3)))
struct VoidhashDeviceClockTests {
    /// A snapshot whose only grant ended long ago by any clock, which Voidhash still lists active.
    private static let personWithAPastExpiry = """
        {"distinctId":"user_past","attributes":{},"activePerkSlugs":["premium"],
         "entitlements":{"grants":[{"perkSlug":"premium","perkId":"perk_01","status":"active",
           "source":"subscription","sourceId":"sub_01","expiresAt":"2001-01-01T00:00:00Z"}]},
         "subscriptions":{"history":[]},"purchases":{"history":[]}}
        """

    @Test func aPerkVoidhashListsActiveIsActiveWhateverItsExpiryDateSays() throws {
        let person = try JSONCoding.makeDecoder().decode(Person.self, from: Data(Self.personWithAPastExpiry.utf8))
        let snapshot = VoidhashPerson(person)
        #expect(snapshot.entitlements.grants.first?.expiresAt ?? .distantFuture < Date())
        #expect(snapshot.hasActivePerk("premium"))
        #expect(snapshot.activePerkSlugs == ["premium"])
    }

    @Test func aClockSetBackBeforeTheFetchMakesTheSnapshotStaleAndAsksVoidhashAgain() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_clock")
            let fetchedAt = try #require(try await voidhash.getCurrentPersonState().fetchedAt)
            let asked = harness.requests(.getPerson).count
            harness.clock.setNow(fetchedAt.addingTimeInterval(-3_600))
            harness.inject(.status(503, code: "INTERNAL"), into: .getPerson)
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.isStale)
            #expect(state.reason == .refreshFailed)
            #expect(harness.requests(.getPerson).count > asked)
            await voidhash.shutdown()
        }
    }

    /// Offline past the expiry age, the app reads its expired snapshot; then the device clock is
    /// set back to a minute after the fetch and the app launches again, still offline. The
    /// snapshot stays expired and stale: turning the clock back does not give a lapsed
    /// subscription's access back.
    @Test func aClockSetBackAfterAReadKeepsTheSnapshotAsOldAsItWasAcrossALaunch() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_offline")
            let fetchedAt = try #require(try await voidhash.getCurrentPersonState().fetchedAt)
            harness.inject(.status(503, code: "INTERNAL"))
            harness.clock.advance(by: VoidhashConstants.personExpiresAfter + .seconds(1))
            #expect(try await voidhash.getCurrentPersonState().isExpired)
            await voidhash.shutdown()

            harness.clock.setNow(fetchedAt.addingTimeInterval(60))
            let relaunched = try harness.launch()
            let state = try await relaunched.getCurrentPersonState()
            #expect(state.isExpired)
            #expect(state.isStale)
            #expect(state.value?.distinctId == "user_offline", "the snapshot is still served")
            await relaunched.shutdown()
        }
    }

    /// Signing in offline carries the anonymous snapshot over until the link is confirmed, and
    /// with it what the reads found: setting the clock back then does not make it unexpired.
    @Test func aSignInCarriesTheAnonymousSnapshotAsOldAsTheReadsFoundIt() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let fetchedAt = try #require(try await voidhash.getCurrentPersonState(forceFetch: true).fetchedAt)
            harness.inject(.status(503, code: "INTERNAL"))
            harness.clock.advance(by: VoidhashConstants.personExpiresAfter + .seconds(1))
            #expect(try await voidhash.getCurrentPersonState().isExpired)
            #expect(try await voidhash.identifyState(externalUserId: "user_offline").status == .deferred)

            harness.clock.setNow(fetchedAt.addingTimeInterval(60))
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.isExpired)
            #expect(state.fetchedAt == fetchedAt, "the anonymous snapshot, carried over")
            await voidhash.shutdown()
        }
    }
}
