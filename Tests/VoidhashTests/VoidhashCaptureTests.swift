import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import Voidhash
import VoidhashAPI

@Suite("Capture", .timeLimit(.minutes(3)))
struct VoidhashCaptureTests {
    @Test func captureQueuesTheEventDurablyWithAnIdATimestampTheDistinctIdAndTheSession() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            await voidhash.flush()  // the drain every launch starts is over
            harness.clock.advance(by: .milliseconds(1234))
            await voidhash.capture("report_shared", properties: ["format": "pdf", "pages": 3])
            #expect(await voidhash.pendingDeliveryCount() == 1)
            #expect(harness.requests(.captureEvents).isEmpty)
            await voidhash.shutdown()

            let relaunched = try harness.launch()
            await relaunched.flush()
            let event = try #require(harness.state.events.first)
            #expect(harness.state.events.count == 1)
            #expect(harness.state.eventCount == 1)
            #expect(event.event == "report_shared")
            #expect(event.distinctId == distinctId)
            #expect(event.timestamp == harness.clock.now())
            #expect(event.properties == ["format": "pdf", "pages": 3])
            let id = try #require(UUID(uuidString: event.id))
            #expect(event.id == id.uuidString.lowercased())
            #expect(event.id.dropFirst(14).first == "7")
            #expect(UUIDv7.timestamp(of: id) == harness.clock.now())
            #expect(event.sessionId?.isEmpty == false)
            await relaunched.shutdown()
        }
    }

    @Test func everyEventHasItsOwnIdAndTheSessionOfTheIdentity() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            for name in ["a", "b", "c"] { await voidhash.capture(name) }
            await voidhash.flush()
            let events = harness.state.events
            #expect(events.map(\.event) == ["a", "b", "c"])
            #expect(Set(events.map(\.id)).count == 3)
            #expect(Set(events.compactMap(\.sessionId)).count == 1)
            await voidhash.shutdown()
        }
    }

    /// A value nested as deep as the limit is sent; one level more, or thousands (which once
    /// were stored and then never sent, or crashed the app inside `capture`), is left out with a
    /// warning, and the event still goes. (Far deeper values crash Swift itself when freed.)
    @Test(arguments: [VoidhashConstants.maxEventPropertyDepth + 1, 5_000])
    func aPropertyNestedTooDeepIsLeftOutWithAWarning(depth: Int) async throws {
        func nested(_ depth: Int) -> JSONValue {
            var value = JSONValue.string("leaf")
            for level in 0..<depth { value = level.isMultiple(of: 2) ? .array([value]) : .object(["k": value]) }
            return value
        }
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.capture(
                "nested", properties: ["deep": nested(depth), "limit": nested(VoidhashConstants.maxEventPropertyDepth)])
            await voidhash.flush()
            let event = try #require(harness.state.events.first { $0.event == "nested" })
            #expect(event.properties["deep"] == nil)
            #expect(event.properties["limit"] == nested(VoidhashConstants.maxEventPropertyDepth))
            #expect(harness.warnings.all.map(\.code) == [.invalidEventProperty])
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test func flushSendsTheQueuedEventsTogetherInCaptureOrder() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.flush()  // the drain every launch starts is over
            for index in 1...5 { await voidhash.capture("step_\(index)") }
            #expect(harness.requests(.captureEvents).isEmpty)
            await voidhash.flush()
            #expect(harness.requests(.captureEvents).count == 1)
            #expect(harness.state.events.map(\.event) == (1...5).map { "step_\($0)" })
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test func queuedEventsAreSentWithin30SecondsWithoutAFlush() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.flush()  // the drain every launch starts is over
            await voidhash.capture("opened_settings")
            await harness.clock.waitForSleepers(1)
            #expect(harness.requests(.captureEvents).isEmpty)
            harness.clock.advance(by: .seconds(30))
            // On a loaded machine the launch's own requests may still be in flight when the clock
            // jumps; their time-outs back delivery off, so time keeps moving (in small steps)
            // until the event is out.
            #expect(
                await eventually {
                    if await voidhash.pendingDeliveryCount() == 0 { return true }
                    harness.clock.advance(by: .milliseconds(500))
                    return false
                })
            #expect(harness.state.events.map(\.event) == ["opened_settings"])
            await voidhash.shutdown()
        }
    }

    @Test func twentyQueuedEventsAreSentWithoutAFlush() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            for index in 1...20 { await voidhash.capture("event_\(index)") }
            // The twentieth event starts a delivery by itself: no flush, and the clock (which
            // times the 30-second wait) never moves.
            #expect(await eventually { !harness.requests(.captureEvents).isEmpty })
            await voidhash.flush()
            #expect(harness.state.events.count == 20)
            await voidhash.shutdown()
        }
    }

    @Test(arguments: ["", "   ", "a\0b", String(repeating: "e", count: 201)])
    func anInvalidEventNameDropsTheEventWithAWarning(name: String) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.capture(name, properties: ["x": 1])
            #expect(harness.warningCodes == [.invalidEventName])
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.flush()
            #expect(harness.requests(.captureEvents).isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func anEventNameOf200CharactersIsAccepted() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let name = String(repeating: "e", count: 200)
            await voidhash.capture(name)
            await voidhash.flush()
            #expect(harness.state.events.map(\.event) == [name])
            #expect(harness.warnings.all.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func anInvalidPropertyNameIsLeftOutWithAWarning() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await voidhash.capture(
                "report_shared",
                properties: ["": 1, "bad\0name": 2, String(repeating: "k", count: 256): 3, "kept": 4])
            await voidhash.flush()
            #expect(harness.warningCodes == Array(repeating: .invalidEventProperty, count: 3))
            #expect(harness.state.events.first?.properties == ["kept": 4])
            await voidhash.shutdown()
        }
    }

    @Test func anyJSONValueIsSentAndANumberThatIsNotFiniteBecomesNull() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let properties: [String: JSONValue] = [
                "text": "x", "count": 2, "flag": true, "none": nil, "list": .array([1, "a"]),
                "nested": .object(["inner": .object(["deep": 1.5])]), "infinite": .number(.infinity),
                "nan": .number(.nan),
            ]
            await voidhash.capture("values", properties: properties)
            await voidhash.flush()
            var expected = properties
            expected["infinite"] = .null
            expected["nan"] = .null
            #expect(harness.state.events.first?.properties == expected)
            #expect(harness.warnings.all.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test(arguments: [VoidhashAnalyticsConsent.denied, .pending])
    func eventsNeedAnalyticsConsent(consent: VoidhashAnalyticsConsent) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(consent: consent)
            await voidhash.capture("report_shared")
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.flush()
            #expect(harness.requests(.captureEvents).isEmpty)
            await voidhash.setAnalyticsConsent(.granted)
            await voidhash.capture("after_consent")
            await voidhash.flush()
            #expect(harness.state.events.map(\.event) == ["after_consent"])
            await voidhash.shutdown()
        }
    }

    @Test func eventsCapturedOfflineArriveOnceEachInCaptureOrderAfterTheOutage() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.status(503, code: "INTERNAL"), into: .captureEvents)
            for index in 1...3 { await voidhash.capture("offline_\(index)") }
            await voidhash.flush()
            #expect(harness.requests(.captureEvents).count == 1)
            #expect(harness.state.events.isEmpty)
            await voidhash.shutdown()

            let relaunched = try harness.launch()
            await relaunched.capture("offline_4")
            harness.server.clearFaults()
            await harness.retryDelivery(relaunched)
            let names = (1...4).map { "offline_\($0)" }
            #expect(harness.state.events.map(\.event) == names)
            #expect(try harness.eventsInAnsweredRequests.map(\.event) == names)
            await relaunched.shutdown()
        }
    }
}
