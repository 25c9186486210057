import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

@Suite("Identity", .timeLimit(.minutes(3)))
struct VoidhashIdentityTests {
    @Test func everyInstallStartsWithAnAnonymousId() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            #expect(distinctId.hasPrefix("vh_anon_"))
            #expect(AnonymousDistinctId.isValid(distinctId))
            #expect(Voidhash.isAnonymousDistinctId(distinctId))
            await voidhash.shutdown()
        }
    }

    @Test("identify right after a failed event batch, Voidhash reachable: confirmed in one round trip")
    func identifyRightAfterAFailedEventBatchIsConfirmedInOneRoundTrip() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents)
            await voidhash.capture("before_sign_in")
            await voidhash.flush()
            #expect(harness.requests(.captureEvents).count == 1)

            let result = try await voidhash.identifyState(externalUserId: "user-after-a-failed-batch")
            #expect(result.status == .confirmed)
            #expect(harness.requests(.identify).count == 1)
            #expect(harness.requests(.captureEvents).count == 1, "the event batch waits out its own back-off")
            await voidhash.shutdown()
        }
    }

    @Test("identify tries Voidhash at once while an earlier link of the same lane waits out its back-off")
    func identifyTriesVoidhashDuringItsLanesBackOff() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let firstAnonymousId = await voidhash.getDistinctId()
            harness.inject(.status(503, code: "INTERNAL"), into: .identify, scope: .next(1))
            #expect(try await voidhash.identifyState(externalUserId: "user_first").status == .deferred)
            await voidhash.signOut()
            let secondAnonymousId = await voidhash.getDistinctId()

            // The clock has not moved: the first link's back-off still runs.
            let result = try await voidhash.identifyState(externalUserId: "user_second")
            #expect(result.status == .confirmed)
            #expect(harness.requests(.identify).count == 3, "the earlier link goes first, once")
            #expect(harness.state.links[firstAnonymousId] == "user_first")
            #expect(harness.state.links[secondAnonymousId] == "user_second")
            // signOut queued a `$sign_out` event, delivered on its own schedule: once it is, the
            // queue is empty and no link was sent again.
            await voidhash.flush()
            #expect(await voidhash.pendingDeliveryCount() == 0)
            #expect(harness.requests(.identify).count == 3)
            await voidhash.shutdown()
        }
    }

    @Test func theAnonymousIdIsStoredAndReusedOnLaterLaunches() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            let distinctId = await first.getDistinctId()
            await first.shutdown()
            let second = try harness.launch()
            #expect(await second.getDistinctId() == distinctId)
            await second.shutdown()
        }
    }

    @Test func isAnonymousDistinctIdUsesTheGeneratedPrefixes() {
        #expect(Voidhash.isAnonymousDistinctId(AnonymousDistinctId.make()))
        #expect(Voidhash.isAnonymousDistinctId("vh:anon:0190b6d2-6c1e-7a3b-8f00-0123456789ab"))
        #expect(!Voidhash.isAnonymousDistinctId("user_123"))
    }

    @Test(arguments: [
        "", "   \n", String(repeating: "a", count: 256), "user\0id",
        "vh_anon_0190b6d2-6c1e-7a3b-8f00-0123456789ab", "vh:anon:someone",
    ])
    func identifyRefusesAnInvalidIdAndKeepsTheIdentity(externalUserId: String) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let before = await voidhash.getDistinctId()
            let error = await voidhashError { try await voidhash.identify(externalUserId: externalUserId) }
            #expect(error?.code == .invalidArgument)
            #expect(await voidhash.getDistinctId() == before)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            #expect(harness.requests(.identify).isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func identifyAcceptsAnIdOf255Characters() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let longId = String(repeating: "a", count: 255)
            let result = try await voidhash.identifyState(externalUserId: longId)
            #expect(result.status == .confirmed)
            #expect(await voidhash.getDistinctId() == longId)
            await voidhash.shutdown()
        }
    }

    /// Blank is judged scalar by scalar: a space followed by a combining mark is one character,
    /// which Swift's `Character.isWhitespace` calls whitespace, but the mark is not whitespace.
    @Test func identifyAcceptsASpaceFollowedByACombiningMark() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let id = " \u{301}"
            #expect(try await voidhash.identifyState(externalUserId: id).status == .confirmed)
            #expect(await voidhash.getDistinctId().utf8.elementsEqual(id.utf8))
            await voidhash.shutdown()
        }
    }

    /// IDs are compared byte for byte: a precomposed é and an e with a combining accent are two
    /// users (Voidhash and the bytes sent tell them apart), though Swift's `==` calls them equal.
    @Test func canonicallyEquivalentIdsAreTwoUsers() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let composed = "caf\u{E9}"
            let decomposed = "cafe\u{301}"
            _ = try await voidhash.identifyState(externalUserId: composed)
            _ = try await voidhash.identifyState(externalUserId: decomposed)
            #expect(await voidhash.getDistinctId().utf8.elementsEqual(decomposed.utf8))
            await voidhash.shutdown()

            let relaunched = try harness.launch(distinctId: composed)
            #expect(await relaunched.getDistinctId().utf8.elementsEqual(composed.utf8))
            await relaunched.shutdown()
        }
    }

    @Test func identifyLinksTheAnonymousPersonAndItsPurchases() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            harness.store.purchase(productId: "pro_monthly")
            let bought = try await voidhash.syncPurchases()
            #expect(bought?.hasActivePerk("premium") == true)
            let result = try await voidhash.identifyState(
                externalUserId: "user_123", email: "ada@example.com", name: "Ada")
            #expect(result.status == .confirmed)
            #expect(result.distinctId == "user_123")
            #expect(harness.state.links[anonymousId] == "user_123")
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.isStale == false)
            #expect(state.value?.distinctId == "user_123")
            #expect(state.value?.email == "ada@example.com")
            #expect(state.value?.name == "Ada")
            #expect(state.value?.hasActivePerk("premium") == true)
            await voidhash.shutdown()
        }
    }

    @Test func identifySwitchesTheIdentityAtOnceWhileOffline() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            harness.inject(.dropConnection)
            let result = try await voidhash.identifyState(externalUserId: "user_offline")
            #expect(result.status == .deferred)
            #expect(await voidhash.getDistinctId() == "user_offline")
            #expect(await voidhash.pendingDeliveryCount() == 1)
            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            #expect(harness.state.links[anonymousId] == "user_offline")
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test func theLinkIsResentUntilApplied() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            harness.inject(.status(503, code: "INTERNAL"), into: .identify, scope: .next(2))
            let result = try await voidhash.identifyState(externalUserId: "user_retry")
            #expect(result.status == .deferred)
            await harness.retryDelivery(voidhash)
            await harness.retryDelivery(voidhash)
            #expect(harness.state.links[anonymousId] == "user_retry")
            let keys = Set(harness.requests(.identify).compactMap { $0.request.header("Idempotency-Key") })
            #expect(harness.requests(.identify).count == 3)
            #expect(keys.count == 1)
            await voidhash.shutdown()
        }
    }

    @Test func identifyWaitsAtMostTwoSeconds() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.hold, into: .identify)
            let call = Task { try await voidhash.identifyState(externalUserId: "user_slow") }
            await harness.waitUntilHeld(.identify)
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: .milliseconds(1_999))
            #expect(harness.clock.sleeperCount == 1)
            harness.clock.advance(by: .milliseconds(1))
            #expect(try await call.value.status == .deferred)
            #expect(await voidhash.getDistinctId() == "user_slow")
            harness.server.clearFaults()
            harness.release(.identify)
            await voidhash.flush()
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.isStale == false)
            #expect(state.value?.distinctId == "user_slow")
            await voidhash.shutdown()
        }
    }

    @Test func whileTheLinkIsUnconfirmedThePersonKeepsTheAnonymousSnapshotMarkedStale() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            harness.inject(.status(503, code: "INTERNAL"), into: .identify)
            #expect(try await voidhash.identifyState(externalUserId: "user_later").status == .deferred)
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.isStale)
            #expect(state.reason == .refreshFailed)
            #expect(state.value?.hasActivePerk("premium") == true)
            await voidhash.shutdown()
        }
    }

    @Test func identifyThrowsForARejectionWithinTwoSecondsAndRestoresThePreviousIdentity() async throws {
        try await withSDKHarness { harness in
            harness.state.addRejections(VoidhashRejections(userIds: ["user_refused"]))
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            let error = await voidhashError { try await voidhash.identify(externalUserId: "user_refused") }
            #expect(error?.code == .personWriteRejected)
            #expect(await voidhash.getDistinctId() == anonymousId)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            #expect(!harness.diagnosticCodes.contains(.personWriteRejected))
            await voidhash.shutdown()
        }
    }

    /// After an outage of ten failed deliveries, of events or of an earlier link, a user
    /// Voidhash refuses is refused within identify's wait, and the previous identity comes back:
    /// the lane's back-off (at its longest by then) does not hold the call's own link.
    @Test(arguments: [VoidhashOperation.captureEvents, .identify])
    func identifyThrowsForARejectionWhileItsLaneBacksOffAfterAnOutage(failing: VoidhashOperation) async throws {
        try await withSDKHarness { harness in
            harness.state.addRejections(VoidhashRejections(userIds: ["user_refused"]))
            let voidhash = try harness.launch()
            harness.inject(.status(503, code: "INTERNAL"), into: failing)
            if failing == .identify {
                #expect(try await voidhash.identifyState(externalUserId: "user_first").status == .deferred)
            } else {
                await voidhash.capture("during_the_outage")
            }
            for _ in 0..<10 { await harness.retryDelivery(voidhash) }
            #expect(harness.requests(failing).count >= 10)
            harness.server.clearFaults()
            await voidhash.signOut()
            let anonymousId = await voidhash.getDistinctId()

            let error = await voidhashError { try await voidhash.identify(externalUserId: "user_refused") }
            #expect(error?.code == .personWriteRejected)
            #expect(await voidhash.getDistinctId() == anonymousId)
            if failing == .identify { #expect(harness.state.links.values.contains("user_first")) }
            await voidhash.shutdown()
        }
    }

    /// Signs in as `user_refused` (with `email`), whose link Voidhash refuses only after
    /// identify stopped waiting (its answer is held past the identify wait), and delivers it.
    private static func identifyRefusedLater(
        _ harness: SDKHarness, _ voidhash: Voidhash, email: String? = nil
    ) async throws {
        harness.state.addRejections(VoidhashRejections(userIds: ["user_refused"]))
        harness.inject(.hold, into: .identify)
        let call = Task { try await voidhash.identifyState(externalUserId: "user_refused", email: email) }
        await harness.waitUntilHeld(.identify)
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: VoidhashConstants.identifyWait)
        #expect(try await call.value.status == .deferred)
        harness.server.clearFaults()
        harness.release(.identify)
        await voidhash.flush()
    }

    @Test func aLaterRejectionKeepsTheUserSignedInDropsTheLinkAndReportsIt() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await Self.identifyRefusedLater(harness, voidhash)
            #expect(await voidhash.getDistinctId() == "user_refused")
            #expect(await voidhash.pendingDeliveryCount() == 0)
            #expect(harness.diagnosticCodes.contains(.personWriteRejected))
            await voidhash.shutdown()
        }
    }

    /// The email sent with a link refused later never reached Voidhash: the next `identify`
    /// naming it, also after a relaunch, sends it rather than taking it as unchanged.
    @Test func theProfileOfALinkRefusedLaterIsSentByTheNextIdentify() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await Self.identifyRefusedLater(harness, voidhash, email: "r@example.com")
            #expect(harness.diagnosticCodes.contains(.personWriteRejected))
            #expect(harness.requests(.setPersonAttributes).isEmpty)
            await voidhash.shutdown()

            // Stored so: the next launch's identify sends it too.
            let relaunched = try harness.launch()
            _ = try await relaunched.identifyState(externalUserId: "user_refused", email: "r@example.com")
            let sent = try #require(harness.requests(.setPersonAttributes).first)
            #expect(String(decoding: sent.request.body, as: UTF8.self).contains("r@example.com"))
            await relaunched.shutdown()
        }
    }

    @Test func aClaimedAnonymousIdSignsInWithoutItsHistoryAndReportsIt() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            harness.state.seedLink(anonymousId: anonymousId, externalUserId: "someone_else")
            let result = try await voidhash.identifyState(externalUserId: "user_new")
            #expect(result.status == .confirmed)
            #expect(await voidhash.getDistinctId() == "user_new")
            #expect(harness.diagnosticCodes == [.personWriteRejected])
            #expect(harness.state.links[anonymousId] == "someone_else")
            await voidhash.shutdown()
        }
    }

    @Test func theSameIdAgainWithNoProfileChangeDoesNothing() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_same", email: "a@example.com")
            let again = try await voidhash.identifyState(externalUserId: "user_same")
            let sameEmail = try await voidhash.identifyState(externalUserId: "user_same", email: "a@example.com")
            #expect(again.status == .confirmed)
            #expect(sameEmail.status == .confirmed)
            #expect(harness.requests(.identify).count == 1)
            #expect(harness.requests(.setPersonAttributes).isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func theSameIdWithANewProfileSendsTheProfileOnly() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_profile", email: "old@example.com")
            let result = try await voidhash.identifyState(externalUserId: "user_profile", email: "new@example.com")
            #expect(result.status == .confirmed)
            #expect(harness.requests(.identify).count == 1)
            #expect(harness.state.person("user_profile")?.email == "new@example.com")
            // The new email is remembered: the same email again sends nothing.
            let updates = harness.requests(.setPersonAttributes).count
            let again = try await voidhash.identifyState(externalUserId: "user_profile", email: "new@example.com")
            #expect(again.status == .confirmed)
            #expect(harness.requests(.setPersonAttributes).count == updates)
            await voidhash.shutdown()
        }
    }

    @Test func switchingFromOneUserToAnotherMergesNothing() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            try await voidhash.identify(externalUserId: "user_a")
            harness.store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            let result = try await voidhash.identifyState(externalUserId: "user_b")
            #expect(result.status == .confirmed)
            #expect(await voidhash.getDistinctId() == "user_b")
            #expect(harness.requests(.identify).count == 1)
            #expect(harness.state.links == [anonymousId: "user_a"])
            let person = try await voidhash.getCurrentPerson()
            #expect(person?.hasActivePerk("premium") != true)
            await voidhash.shutdown()
        }
    }

    @Test func aSwitchFromOneUserToAnotherIsStoredForTheNextLaunch() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            try await first.identify(externalUserId: "user_a")
            try await first.identify(externalUserId: "user_b")
            await first.shutdown()
            let relaunched = try harness.launch()
            #expect(await relaunched.getDistinctId() == "user_b")
            await relaunched.shutdown()
        }
    }

    @Test func identifyDoesNotThrowForARejectedPublishableKey() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.rejectKey, into: .identify)
            let result = try await voidhash.identifyState(externalUserId: "user_key")
            #expect(result.status == .deferred)
            #expect(await voidhash.getDistinctId() == "user_key")
            #expect(await voidhash.pendingDeliveryCount() == 1)
            #expect(harness.diagnosticCodes.contains(.authenticationFailed))
            await voidhash.shutdown()
        }
    }

    @Test func distinctIdOptionIsAdoptedWithoutARequest() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(distinctId: "user_known")
            #expect(await voidhash.getDistinctId() == "user_known")
            await voidhash.flush()
            #expect(harness.requests(.identify).isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func distinctIdOptionLinksAnEarlierAnonymousIdInTheBackground() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            let anonymousId = await first.getDistinctId()
            await first.shutdown()
            let second = try harness.launch(distinctId: "user_known")
            #expect(await second.getDistinctId() == "user_known")
            await second.flush()
            #expect(harness.state.links[anonymousId] == "user_known")
            await second.shutdown()
        }
    }

    /// Every way an external user ID breaks its rule, given as the `distinctId` option.
    @Test(
        arguments: [
            "vh_anon_not-allowed", "", "   ", "user\u{0}id", String(repeating: "u", count: 256),
        ])
    func anInvalidDistinctIdOptionIsIgnoredWithAWarning(distinctId: String) async throws {
        #expect(ExternalUserIdRule.validate(distinctId) != nil, "the case breaks the rule")
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(distinctId: distinctId)
            #expect(Voidhash.isAnonymousDistinctId(await voidhash.getDistinctId()))
            #expect(harness.warnings.all.map(\.code) == [.invalidDistinctId])
            await voidhash.shutdown()
        }
    }

    @Test func signOutStartsANewAnonymousIdentityAndKeepsQueuedWork() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: .granted)
            harness.inject(.dropConnection)
            _ = try await voidhash.identifyState(externalUserId: "user_leaving")
            let queued = await voidhash.pendingDeliveryCount() ?? 0
            await voidhash.signOut()
            let anonymousId = await voidhash.getDistinctId()
            #expect(Voidhash.isAnonymousDistinctId(anonymousId))
            #expect((await voidhash.pendingDeliveryCount() ?? 0) == queued + 1)
            #expect(await voidhash.analyticsConsent() == .granted)
            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            #expect(harness.state.links.values.contains("user_leaving"))
            let signOut = try #require(harness.state.events.first { $0.event == "$sign_out" })
            #expect(signOut.distinctId == "user_leaving")
            await voidhash.shutdown()
        }
    }

    @Test func resetStartsANewAnonymousIdentityToo() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_reset")
            await voidhash.reset()
            let distinctId = await voidhash.getDistinctId()
            #expect(Voidhash.isAnonymousDistinctId(distinctId))
            let second = try harness.launch()
            #expect(await second.getDistinctId() == distinctId)
            await second.shutdown()
            await voidhash.shutdown()
        }
    }

    @Test func signOutWithoutConsentRecordsNoEvent() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: .denied)
            try await voidhash.identify(externalUserId: "user_private")
            await voidhash.signOut()
            await voidhash.flush()
            #expect(harness.state.events.isEmpty)
            await voidhash.shutdown()
        }
    }
}
