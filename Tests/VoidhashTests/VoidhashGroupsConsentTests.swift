import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// Groups are sent whatever the analytics consent; events are not.
@Suite("Groups: consent", .timeLimit(.minutes(3)))
struct VoidhashGroupsConsentTests {
    @Test(arguments: [VoidhashAnalyticsConsent.denied, .pending])
    func withoutConsentNoEventLeavesButTheGroupIdentifyDoesAloneWithOnlyTypeKeyAndProperties(
        consent: VoidhashAnalyticsConsent
    ) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: consent)
            try await voidhash.identify(externalUserId: "user_private")
            await voidhash.capture("report_shared")
            await voidhash.group(type: "company", key: "acme", properties: ["name": "Acme", "seats": 40])
            await voidhash.setGroups([
                "company": VoidhashGroup(id: "acme", properties: ["name": "Acme"]), "team": "acme-design",
            ])
            await voidhash.capture("after_groups")
            await voidhash.signOut()
            await voidhash.flush()

            #expect(await voidhash.pendingDeliveryCount() == 0)
            #expect(harness.state.events.allSatisfy { $0.event == VoidhashConstants.groupIdentifyEvent })
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme", ["name": "Acme", "seats": 40]), identify("team", "acme-design"),
                ])
            let events = harness.groupIdentifyEvents
            #expect(events.map(\.distinctId) == ["$company_acme", "$team_acme-design"])
            #expect(events.allSatisfy { $0.sessionId == nil })
            #expect(events.allSatisfy { Set($0.properties.keys) == ["$group_type", "$group_key", "$group_set"] })
            let bodies = harness.requests(.captureEvents).map { String(decoding: $0.request.body, as: UTF8.self) }
            #expect(bodies.count == 2)
            #expect(try harness.eventsInAnsweredRequests.count == 2)
            #expect(bodies.allSatisfy { !$0.contains("sessionId") && !$0.contains("user_private") })
            await voidhash.shutdown()
        }
    }

    @Test func withoutConsentAFailedGroupIdentifyIsNotRetriedAndTheNextSetGroupsSendsItAgain() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: .denied)
            let groups: [String: VoidhashGroup] = [
                "company": VoidhashGroup(id: "acme", properties: ["name": "Acme"])
            ]
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents, scope: .next(1))
            await voidhash.setGroups(groups)
            await voidhash.flush()
            #expect(harness.diagnosticCodes == [.groupIdentifyNotSent])
            #expect(await voidhash.groups == ["company": "acme"])
            await harness.retryDelivery(voidhash)
            #expect(harness.requests(.captureEvents).count == 1)
            #expect(harness.state.events.isEmpty)

            await voidhash.setGroups(groups)
            await voidhash.flush()
            #expect(try harness.groupIdentifies == [identify("company", "acme", ["name": "Acme"])])
            await voidhash.setGroups(groups)
            await voidhash.flush()
            #expect(harness.requests(.captureEvents).count == 2)
            await voidhash.shutdown()
        }
    }

    @Test func withoutConsentGroupIdentifiesGoOutOneAtATimeInCallOrder() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: .denied)
            harness.inject(.hold, into: .captureEvents, scope: .next(1))
            await voidhash.group(type: "company", key: "acme", properties: ["plan": "free"])
            await voidhash.group(type: "company", key: "acme", properties: ["plan": "pro"])
            await harness.waitUntilHeld(.captureEvents)
            #expect(harness.requests(.captureEvents).count == 1)
            harness.release(.captureEvents)
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme", ["plan": "free"]), identify("company", "acme", ["plan": "pro"]),
                ])
            await voidhash.shutdown()
        }
    }

    @Test func groupsStillTravelOnlyOnEventsWhichNeedConsent() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: .denied)
            await voidhash.group(type: "company", key: "acme")
            await voidhash.capture("without_consent")
            await voidhash.setAnalyticsConsent(.granted)
            await voidhash.capture("with_consent")
            await voidhash.flush()
            #expect(harness.capturedEvents.map(\.event) == ["with_consent"])
            #expect(harness.capturedEvents.map(\.groups) == [["company": "acme"]])
            #expect(harness.groupIdentifyEvents.map(\.sessionId) == [nil])
            await voidhash.shutdown()
        }
    }

    /// Page: setGroups sends again a group whose properties differ from the ones it last sent,
    /// and a later change wins. A `$groupidentify` sent alone (no consent) answered after a
    /// later one was queued (consent granted meanwhile) recorded its older value as the last
    /// sent, so setting the app's value again sent nothing and the server kept the other.
    @Test func aLateAnswerToAnEarlierGroupIdentifyDoesNotHideALaterOne() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: .denied)
            await voidhash.flush()
            harness.inject(.hold, into: .captureEvents, scope: .next(1))
            await voidhash.setGroups(["company": VoidhashGroup(id: "acme", properties: ["plan": "pro"])])
            await harness.waitUntilHeld(.captureEvents)
            harness.clock.advance(by: .seconds(1))
            await voidhash.setAnalyticsConsent(.granted)
            await voidhash.setGroups(["company": VoidhashGroup(id: "acme", properties: ["plan": "free"])])
            harness.release(.captureEvents)
            await voidhash.flush()
            #expect(harness.state.groupProperties(type: "company", key: "acme")?["plan"] == "free")

            let before = try harness.groupIdentifies.count
            harness.clock.advance(by: .seconds(1))
            await voidhash.setGroups(["company": VoidhashGroup(id: "acme", properties: ["plan": "pro"])])
            await voidhash.flush()
            #expect(try harness.groupIdentifies.count == before + 1)
            #expect(harness.state.groupProperties(type: "company", key: "acme")?["plan"] == "pro")
            await voidhash.shutdown()
        }
    }
}
