import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// Groups are stored with the distinct ID: they last across launches, `identify` keeps them,
/// `signOut()` and `reset()` clear them.
@Suite("Groups: identity", .timeLimit(.minutes(3)))
struct VoidhashGroupsIdentityTests {
    @Test func groupsAndWhatWasSentLastAcrossLaunches() async throws {
        try await withSDKHarness { harness in
            let groups: [String: VoidhashGroup] = [
                "company": VoidhashGroup(id: "acme", properties: ["name": "Acme"]), "team": "acme-design",
            ]
            let first = try harness.launch()
            await first.setGroups(groups)
            await first.shutdown()

            let second = try harness.launch()
            #expect(await second.groups == ["company": "acme", "team": "acme-design"])
            await second.setGroups(groups)
            await second.capture("after_launch")
            await second.flush()
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme", ["name": "Acme"]), identify("team", "acme-design"),
                ])
            #expect(harness.capturedEvents.map(\.groups) == [["company": "acme", "team": "acme-design"]])
            await second.shutdown()
        }
    }

    @Test func whatWasSentWithoutConsentLastsAcrossLaunchesToo() async throws {
        try await withSDKHarness { harness in
            let groups: [String: VoidhashGroup] = ["company": VoidhashGroup(id: "acme", properties: ["name": "Acme"])]
            let first = try harness.launch(consent: .denied)
            await first.setGroups(groups)
            await first.shutdown()
            let second = try harness.launch()
            await second.setGroups(groups)
            await second.flush()
            #expect(try harness.groupIdentifies == [identify("company", "acme", ["name": "Acme"])])
            await second.shutdown()
        }
    }

    @Test func identifyKeepsTheGroups() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme")
            try await voidhash.identify(externalUserId: "user_1")
            #expect(await voidhash.groups == ["company": "acme"])
            try await voidhash.identify(externalUserId: "user_2")
            #expect(await voidhash.groups == ["company": "acme"])
            await voidhash.capture("as_user_2")
            await voidhash.flush()
            let event = try #require(harness.capturedEvents.first)
            #expect(event.distinctId == "user_2")
            #expect(event.groups == ["company": "acme"])
            await voidhash.shutdown()
        }
    }

    @Test func aRefusedIdentifyKeepsGroupChangesMadeWhileItWaited() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            harness.inject(.hold, into: .identify, scope: .next(1))
            let call = Task { await voidhashError { try await voidhash.identify(externalUserId: "user_refused") } }
            await harness.waitUntilHeld(.identify)
            await voidhash.group(type: "company", key: "acme")
            harness.state.addRejections(VoidhashRejections(userIds: ["user_refused"]))
            harness.release(.identify)
            #expect(await call.value?.code == .personWriteRejected)
            #expect(await voidhash.getDistinctId() == anonymousId)
            #expect(await voidhash.groups == ["company": "acme"])
            await voidhash.shutdown()
        }
    }

    @Test(arguments: [false, true])
    func signOutAndResetClearTheGroupsAndSignOutCarriesTheLeavingUsersGroups(reset: Bool) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_leaving")
            await voidhash.setGroups(["company": "acme", "team": "acme-design"])
            if reset { await voidhash.reset() } else { await voidhash.signOut() }
            #expect(await voidhash.groups == [:])
            await voidhash.capture("after_sign_out")
            await voidhash.setGroups(["company": "acme"])
            await voidhash.flush()

            let signOut = try #require(harness.state.events.first { $0.event == VoidhashConstants.signOutEvent })
            #expect(signOut.distinctId == "user_leaving")
            #expect(signOut.groups == ["company": "acme", "team": "acme-design"])
            let after = try #require(harness.state.events.first { $0.event == "after_sign_out" })
            #expect(Voidhash.isAnonymousDistinctId(after.distinctId))
            #expect(after.groups == nil)
            // The new identity joins the group again: it is sent again.
            #expect(try harness.groupIdentifies.map(\.groupKey) == ["acme", "acme-design", "acme"])
            await voidhash.shutdown()

            let relaunched = try harness.launch()
            #expect(await relaunched.groups == ["company": "acme"])
            await relaunched.shutdown()
        }
    }

    @Test func withoutLifecycleEventsSignOutStillClearsTheGroups() async throws {
        try await withSDKHarness { harness in
            var options = harness.options()
            options.lifecycleEvents = false
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            await voidhash.group(type: "company", key: "acme")
            await voidhash.signOut()
            await voidhash.flush()
            #expect(await voidhash.groups == [:])
            #expect(harness.capturedEvents.isEmpty)
            await voidhash.shutdown()
        }
    }
}
