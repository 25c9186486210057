import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

@Suite("Groups: outage", .timeLimit(.minutes(3)))
struct VoidhashGroupsOutageTests {
    @Test func eventsCapturedWhileVoidhashIsDownArriveLaterOnceEachInCaptureOrderWithTheGroupsTheyWereCapturedUnder()
        async throws
    {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.flush()  // the drain every launch starts is over
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents)
            await voidhash.capture("e1")
            await voidhash.group(type: "company", key: "acme", properties: ["name": "Acme"])
            await voidhash.capture("e2")
            await voidhash.flush()
            await voidhash.setGroups(["company": "globex", "team": "acme-design"])
            await voidhash.capture("e3")
            await voidhash.resetGroups()
            await voidhash.capture("e4")
            await harness.retryDelivery(voidhash)
            #expect(harness.requests(.captureEvents).count == 2)
            #expect(harness.state.events.isEmpty)
            await voidhash.shutdown()

            let relaunched = try harness.launch()
            await relaunched.group(type: "project", key: "apollo")
            await relaunched.capture("e5")
            harness.server.clearFaults()
            await harness.retryDelivery(relaunched)

            let gi = VoidhashConstants.groupIdentifyEvent
            let expected: [(String, [String: String]?)] = [
                ("e1", nil),
                (gi, ["company": "acme"]),
                ("e2", ["company": "acme"]),
                (gi, ["company": "globex", "team": "acme-design"]),
                (gi, ["company": "globex", "team": "acme-design"]),
                ("e3", ["company": "globex", "team": "acme-design"]),
                ("e4", nil),
                (gi, ["project": "apollo"]),
                ("e5", ["project": "apollo"]),
            ]
            let events = harness.state.events
            #expect(events.map(\.event) == expected.map(\.0))
            #expect(events.map(\.groups) == expected.map(\.1))
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme", ["name": "Acme"]), identify("company", "globex"),
                    identify("team", "acme-design"), identify("project", "apollo"),
                ])
            #expect(try harness.eventsInAnsweredRequests.map(\.id) == events.map(\.id))
            #expect(await relaunched.pendingDeliveryCount() == 0)
            await relaunched.shutdown()
        }
    }
}
