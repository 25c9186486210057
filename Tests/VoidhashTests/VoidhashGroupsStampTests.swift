import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// "What the SDK sends": the `$groups` every event carries.
@Suite("Groups: $groups on events", .timeLimit(.minutes(3)))
struct VoidhashGroupsStampTests {
    @Test func everyEventCapturedAfterGroupReturnsCarriesTheUsersGroups() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.capture("before")
            await voidhash.group(type: "company", key: "acme")
            await voidhash.capture("in_company")
            await voidhash.group(type: "team", key: "acme-design")
            await voidhash.capture("in_team")
            await voidhash.flush()
            let events = harness.capturedEvents
            #expect(events.map(\.event) == ["before", "in_company", "in_team"])
            #expect(events.map(\.groups) == [nil, ["company": "acme"], ["company": "acme", "team": "acme-design"]])
            #expect(events[0].properties[VoidhashConstants.groupsProperty] == nil)
            await voidhash.shutdown()
        }
    }

    @Test func groupsAreStampedWhenTheEventIsQueuedNotWhenItIsSent() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.flush()  // the drain every launch starts is over
            await voidhash.group(type: "company", key: "acme")
            await voidhash.capture("in_acme")
            await voidhash.group(type: "company", key: "globex")
            await voidhash.capture("in_globex")
            await voidhash.resetGroups()
            await voidhash.capture("in_none")
            #expect(harness.state.events.isEmpty)
            await voidhash.flush()
            #expect(harness.capturedEvents.map(\.groups) == [["company": "acme"], ["company": "globex"], nil])
            await voidhash.shutdown()
        }
    }

    @Test func aGroupTheEventNamesItselfWinsForItsType() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.setGroups(["company": "acme", "team": "acme-design"])
            await voidhash.capture(
                "report_shared", properties: ["$groups": .object(["team": .string("acme-sales")])])
            await voidhash.capture(
                "project_opened", properties: ["$groups": .object(["project": .string("apollo")])])
            await voidhash.flush()
            #expect(
                harness.capturedEvents.map(\.groups) == [
                    ["company": "acme", "team": "acme-sales"],
                    ["company": "acme", "team": "acme-design", "project": "apollo"],
                ])
            #expect(await voidhash.groups == ["company": "acme", "team": "acme-design"])
            #expect(harness.warnings.all.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func anInvalidEntryOfAnEventsOwnGroupsIsLeftOutWithAWarning() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.group(type: "company", key: "acme")
            await voidhash.capture(
                "mixed",
                properties: [
                    "$groups": .object([
                        "Team": "x", "team": .number(3), "project": "", "workspace": "w1",
                    ])
                ])
            await voidhash.capture("not_an_object", properties: ["$groups": "acme"])
            await voidhash.flush()
            #expect(
                harness.capturedEvents.map(\.groups) == [
                    ["company": "acme", "workspace": "w1"], ["company": "acme"],
                ])
            #expect(harness.warningCodes == Array(repeating: .invalidEventProperty, count: 4))
            await voidhash.shutdown()
        }
    }

    @Test func anEventWithoutGroupsCarriesNoGroupsProperty() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.capture("alone", properties: ["$groups": .object([:])])
            await voidhash.flush()
            #expect(harness.capturedEvents.first?.properties == [:])
            await voidhash.shutdown()
        }
    }
}
