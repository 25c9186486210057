import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

@testable import SDKPersistence
@testable import Voidhash

/// What `signOut()` changes and what it keeps, by the words of the Identify page: "starts a new
/// anonymous identity and analytics session"; "Queued deliveries, analytics consent and the
/// install record survive."
@Suite("Sign-out", .timeLimit(.minutes(3)))
struct VoidhashSignOutTests {
    @Test func eventsKeepTheIdentityTheyWereCapturedUnderAndSignOutStartsANewSession() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            await voidhash.capture("before_identify")
            try await voidhash.identify(externalUserId: "user_session")
            await voidhash.capture("signed_in")
            await voidhash.signOut()
            let newAnonymousId = await voidhash.getDistinctId()
            await voidhash.capture("signed_out")
            await voidhash.flush()

            let events = Dictionary(harness.state.events.map { ($0.event, $0) }) { first, _ in first }
            let before = try #require(events["before_identify"])
            let signedIn = try #require(events["signed_in"])
            let signedOut = try #require(events["signed_out"])
            #expect(before.distinctId == anonymousId, "captured before the switch: the anonymous ID")
            #expect(signedIn.distinctId == "user_session")
            #expect(signedOut.distinctId == newAnonymousId)
            #expect(newAnonymousId != anonymousId && newAnonymousId.hasPrefix("vh_anon_"))
            let signedInSession = try #require(signedIn.sessionId)
            let signedOutSession = try #require(signedOut.sessionId)
            #expect(signedOutSession != signedInSession, "a new analytics session")
            #expect(events[VoidhashConstants.signOutEvent]?.sessionId == signedInSession, "recorded before it")
            await voidhash.shutdown()
        }
    }

    @Test func queuedDeliveriesConsentAndTheInstallRecordSurviveASignOut() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            await first.shutdown()
            let installBefore = try Self.installRecord(in: harness.directory)

            harness.inject(.dropConnection)
            let voidhash = try harness.launch()
            await voidhash.capture("queued")
            let queued = try #require(await voidhash.pendingDeliveryCount())
            await voidhash.signOut()
            #expect(
                await voidhash.pendingDeliveryCount() == queued + 1, "the queue keeps its event and gains $sign_out")
            await voidhash.shutdown()
            #expect(try Self.installRecord(in: harness.directory) == installBefore)

            harness.server.clearFaults()
            let relaunched = try harness.launch()
            await harness.retryDelivery(relaunched)
            #expect(harness.state.events.map(\.event).contains("queued"))
            #expect(try Self.installRecord(in: harness.directory) == installBefore)
            await relaunched.shutdown()
        }
    }

    /// Not the default: nothing stored means `.granted`.
    @Test func aRefusedConsentSurvivesASignOutAndTheNextLaunch() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setAnalyticsConsent(.denied)
            await voidhash.signOut()
            #expect(await voidhash.analyticsConsent() == .denied)
            await voidhash.shutdown()
            let relaunched = try harness.launch()
            #expect(await relaunched.analyticsConsent() == .denied)
            await relaunched.shutdown()
        }
    }

    /// The install record the SDK stored in `directory` (the test key's database).
    private static func installRecord(in directory: URL) throws -> InstallRecord {
        let storage = try SDKStorage.open(directory: directory, name: "voidhash-test")
        defer { storage.close() }
        return try #require(try storage.keyValues.value(InstallRecord.self, forKey: StoreKeys.install))
    }
}
