import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import Voidhash
import VoidhashAPI

/// An app and its extension run Voidhash at once on one storage directory, each in a process of
/// its own: two instances on one directory, each with its own connection to the database,
/// stand for them here. What one stores, the other follows at its next call.
@Suite("One identity for instances sharing storage", .timeLimit(.minutes(3)))
struct VoidhashSharedStorageTests {
    @Test func aSignOutInTheAppIsFollowedByTheExtensionsNextEvent() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            try await app.identify(externalUserId: "user_shared")
            let appExtension = try harness.launch()
            #expect(await appExtension.getDistinctId() == "user_shared")

            await app.signOut()
            let signedOut = await app.getDistinctId()
            await appExtension.capture("opened_widget")
            await harness.deliverAll(appExtension, app)
            let event = try #require(harness.capturedEvents.first { $0.event == "opened_widget" })
            #expect(event.distinctId == signedOut)
            #expect(await appExtension.getDistinctId() == signedOut)
            await appExtension.shutdown()
            await app.shutdown()
        }
    }

    @Test func aSignInInTheAppIsFollowedAndItsPersonRead() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            #expect(await appExtension.getDistinctId() == (await app.getDistinctId()))

            #expect(try await app.identifyState(externalUserId: "user_shared").status == .confirmed)
            #expect(await appExtension.getDistinctId() == "user_shared")
            let person = try await appExtension.getCurrentPerson()
            #expect(person?.distinctId == "user_shared")
            await appExtension.shutdown()
            await app.shutdown()
        }
    }

    /// A fresh snapshot the extension holds is of the identity it had: once the app signed in,
    /// the extension's next person read is of the user the app signed in, not that snapshot.
    @Test func aSignInInTheAppIsFollowedByTheExtensionsNextPersonRead() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            let anonymous = try await appExtension.getCurrentPersonState()
            #expect(anonymous.value == nil && anonymous.reason == .fresh, "Voidhash has no such person yet")

            #expect(try await app.identifyState(externalUserId: "user_shared").status == .confirmed)
            #expect(try await appExtension.getCurrentPerson()?.distinctId == "user_shared")
            await app.signOut()
            let signedOut = try await appExtension.getCurrentPersonState()
            #expect(signedOut.value == nil, "the new anonymous user, whom Voidhash does not know yet")
            await appExtension.shutdown()
            await app.shutdown()
        }
    }

    /// A read notes its time in the stored snapshot only while storage holds the snapshot the
    /// read found: a newer one the extension fetched meanwhile stays what the next launch starts
    /// from, instead of the app's older one.
    @Test func aReadInTheAppNeverStoresItsOlderSnapshotOverTheExtensionsNewerOne() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            try await app.identify(externalUserId: "user_shared")
            let appsFetch = try #require(try await app.getCurrentPersonState().fetchedAt)
            let appExtension = try harness.launch()
            harness.clock.advance(by: VoidhashConstants.personStaleAfter + .seconds(60))
            let extensionsFetch = try #require(
                try await appExtension.getCurrentPersonState(forceFetch: true).fetchedAt)
            #expect(extensionsFetch > appsFetch)

            harness.inject(.status(503, code: "INTERNAL"), into: .getPerson)
            #expect(try await app.getCurrentPersonState().fetchedAt == appsFetch, "a stale read, offline")
            let relaunched = try harness.launch()
            #expect(try await relaunched.getCurrentPersonState().fetchedAt == extensionsFetch)
            for voidhash in [relaunched, appExtension, app] { await voidhash.shutdown() }
        }
    }

    @Test func groupsSetInTheAppAreStampedOnTheExtensionsEvents() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            _ = await appExtension.getDistinctId()
            await app.group(type: "company", key: "acme")
            await appExtension.capture("opened_widget")
            await harness.deliverAll(appExtension, app)
            let event = try #require(harness.capturedEvents.first { $0.event == "opened_widget" })
            #expect(event.groups == ["company": "acme"])
            await appExtension.shutdown()
            await app.shutdown()
        }
    }

    @Test func consentWithdrawnInTheAppStopsTheExtensionsEvents() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            #expect(await appExtension.analyticsConsent() == .granted)
            await app.setAnalyticsConsent(.denied)
            #expect(await appExtension.analyticsConsent() == .denied)
            await appExtension.capture("opened_widget")
            await harness.deliverAll(appExtension, app)
            #expect(!harness.capturedEvents.contains { $0.event == "opened_widget" })
            #expect(await appExtension.pendingDeliveryCount() == 0)
            await appExtension.shutdown()
            await app.shutdown()
        }
    }

    /// The extension last looked while consent was granted: its next event checks the storage
    /// inside its own transaction, finds the app's commit, and is not stored.
    @Test func consentWithdrawnInTheAppSinceTheExtensionLastLookedStopsItsNextEvent() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            let appExtension = try harness.launch()
            await harness.deliverAll(app, appExtension)  // no launch drain sends the first event early
            await appExtension.capture("before_withdrawal")
            await app.setAnalyticsConsent(.denied)
            await appExtension.capture("opened_widget")
            #expect(await appExtension.pendingDeliveryCount() == 1)
            await harness.deliverAll(appExtension, app)
            #expect(harness.capturedEvents.map(\.event).contains("before_withdrawal"))
            #expect(!harness.capturedEvents.contains { $0.event == "opened_widget" })
            await appExtension.shutdown()
            await app.shutdown()
        }
    }

    /// Without following the app, the extension still took itself for the earlier user: its
    /// identify was a switch from one user to another and linked nothing.
    @Test func anIdentifyInTheExtensionLinksTheAnonymousIdTheAppSignedOutTo() async throws {
        try await withSDKHarness { harness in
            let app = try harness.launch()
            try await app.identify(externalUserId: "user_before")
            let appExtension = try harness.launch()
            _ = await appExtension.getDistinctId()
            await app.signOut()
            let signedOut = await app.getDistinctId()
            // Neither instance is draining now, so the extension's identify gets the delivery
            // claim: were it held elsewhere, identify would wait for the claim's next check, due
            // on the test's clock, which moves only when told.
            await harness.deliverAll(app, appExtension)

            _ = try await appExtension.identifyState(externalUserId: "user_after")
            #expect(await appExtension.getDistinctId() == "user_after")
            await harness.retryDelivery(appExtension)
            await harness.retryDelivery(app)
            #expect(await eventually { harness.state.links[signedOut] == "user_after" })
            #expect(await app.getDistinctId() == "user_after")
            await appExtension.shutdown()
            await app.shutdown()
        }
    }
}
