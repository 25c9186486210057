import Foundation
import SDKEmulator
import SDKPersistence
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// "What the SDK sends": which `$groupidentify` events go out, and with what.
@Suite("Groups: $groupidentify", .timeLimit(.minutes(3)))
struct VoidhashGroupsIdentifyTests {
    @Test func groupSendsAGroupIdentifyEveryTimePropertiesArePassed() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let properties: [String: JSONValue] = ["name": "Acme", "plan": "pro", "seats": 40]
            await voidhash.group(type: "company", key: "acme", properties: properties)
            await voidhash.group(type: "company", key: "acme", properties: properties)
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme", properties), identify("company", "acme", properties),
                ])
            await voidhash.shutdown()
        }
    }

    @Test func groupSendsAGroupIdentifyWhenTheGroupOfThatTypeChanged() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme")
            await voidhash.group(type: "company", key: "acme")
            await voidhash.group(type: "company", key: "globex")
            await voidhash.group(type: "team", key: "design")
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme"), identify("company", "globex"), identify("team", "design"),
                ])
            await voidhash.shutdown()
        }
    }

    @Test func withConsentTheGroupIdentifyIsAQueuedEventOfTheUser() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_123")
            await voidhash.flush()
            await voidhash.group(type: "company", key: "acme", properties: ["name": "Acme"])
            #expect(await voidhash.pendingDeliveryCount() == 1)
            #expect(harness.requests(.captureEvents).isEmpty)
            await voidhash.flush()
            let event = try #require(harness.groupIdentifyEvents.first)
            #expect(event.distinctId == "user_123")
            #expect(event.sessionId != nil)
            #expect(event.timestamp == harness.clock.now())
            #expect(try event.groupIdentify == identify("company", "acme", ["name": "Acme"]))
            #expect(event.groups == ["company": "acme"])
            await voidhash.shutdown()
        }
    }

    @Test func setGroupsSendsOnlyForAGroupWhoseIdChangedOrWhosePropertiesDiffer() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups([
                "company": VoidhashGroup(id: "acme", properties: ["name": "Acme", "plan": "pro"]),
                "team": "acme-design",
            ])
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme", ["name": "Acme", "plan": "pro"]), identify("team", "acme-design"),
                ])
            // A property changed: only that group, with the properties passed.
            await voidhash.setGroups([
                "company": VoidhashGroup(id: "acme", properties: ["name": "Acme", "plan": "enterprise"]),
                "team": "acme-design",
            ])
            // A property not sent yet.
            await voidhash.setGroups([
                "company": VoidhashGroup(id: "acme", properties: ["seats": 40]), "team": "acme-design",
            ])
            // An ID changed.
            await voidhash.setGroups(["company": "acme", "team": "acme-sales"])
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies.dropFirst(2) == [
                    identify("company", "acme", ["name": "Acme", "plan": "enterprise"]),
                    identify("company", "acme", ["seats": 40]),
                    identify("team", "acme-sales"),
                ])
            #expect(
                harness.state.groupProperties(type: "company", key: "acme") == [
                    "name": "Acme", "plan": "enterprise", "seats": 40,
                ])
            await voidhash.shutdown()
        }
    }

    @Test func setGroupsWithTheSameGroupsAgainSendsAndStoresNothing() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let groups: [String: VoidhashGroup] = [
                "company": VoidhashGroup(id: "acme", properties: ["name": "Acme", "seats": 40]),
                "team": "acme-design",
            ]
            await voidhash.setGroups(groups)
            await voidhash.flush()
            let requests = harness.requests(.captureEvents).count
            harness.clock.advance(by: .seconds(60))
            await voidhash.setGroups(groups)
            // Properties already sent, fewer of them, or none: nothing new to say.
            await voidhash.setGroups([
                "company": VoidhashGroup(id: "acme", properties: ["seats": 40]), "team": "acme-design",
            ])
            await voidhash.setGroups(["company": "acme", "team": "acme-design"])
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.flush()
            #expect(harness.requests(.captureEvents).count == requests)
            await voidhash.shutdown()

            let storage = try SDKStorage.open(directory: harness.directory, name: "voidhash-test")
            defer { storage.close() }
            let stored = try #require(try storage.keyValues.entry(JSONValue.self, forKey: "voidhash.identity"))
            #expect(stored.storedAt == sdkTestEpoch)
        }
    }

    @Test func groupAndSetGroupsShareWhatWasLastSent() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme", properties: ["name": "Acme"])
            await voidhash.setGroups(["company": VoidhashGroup(id: "acme", properties: ["name": "Acme"])])
            await voidhash.flush()
            #expect(try harness.groupIdentifies == [identify("company", "acme", ["name": "Acme"])])
            await voidhash.shutdown()
        }
    }

    @Test func leavingAGroupSendsNothing() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups(["company": "acme", "team": "acme-design", "project": "apollo"])
            await voidhash.flush()
            let sent = try harness.groupIdentifies
            await voidhash.setGroups(["company": "acme", "team": "acme-design"])
            await voidhash.resetGroups()
            await voidhash.flush()
            #expect(try harness.groupIdentifies == sent)
            #expect(await voidhash.groups == [:])
            await voidhash.shutdown()
        }
    }

    @Test func aGroupLeftAndJoinedAgainIsSentAgain() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups(["company": "acme"])
            await voidhash.resetGroups()
            await voidhash.setGroups(["company": "acme"])
            await voidhash.flush()
            #expect(try harness.groupIdentifies == [identify("company", "acme"), identify("company", "acme")])
            await voidhash.shutdown()
        }
    }

    @Test func aLaterChangeOfAPropertyWins() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme", properties: ["plan": "free", "seats": 5])
            harness.clock.advance(by: .seconds(1))
            await voidhash.group(type: "company", key: "acme", properties: ["plan": "pro"])
            harness.clock.advance(by: .seconds(1))
            await voidhash.setGroups(["company": VoidhashGroup(id: "acme", properties: ["seats": 40])])
            await voidhash.flush()
            let events = harness.groupIdentifyEvents
            #expect(events.map(\.timestamp) == [0, 1, 2].map { sdkTestEpoch.addingTimeInterval($0) })
            #expect(
                try events.map { try $0.groupIdentify } == [
                    identify("company", "acme", ["plan": "free", "seats": 5]),
                    identify("company", "acme", ["plan": "pro"]),
                    identify("company", "acme", ["seats": 40]),
                ])
            #expect(harness.state.groupProperties(type: "company", key: "acme") == ["plan": "pro", "seats": 40])
            await voidhash.shutdown()
        }
    }
}
