import Foundation
import SDKEmulator
import SDKRuntime
import Synchronization
import TestSupport
import Testing
import Voidhash
import VoidhashAPI

/// A transport that fails as unreachable while `isOffline` is set and otherwise sends through
/// URLSession: one instance offline while another, on the same storage, is online.
private final class SwitchableTransport: Transport {
    let isOffline = Mutex(true)
    private let online = loopbackTransport()

    func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse {
        if isOffline.withLock({ $0 }) { throw .unreachable("offline in this test") }
        return try await online.send(request, to: baseURL)
    }
}

@Suite("Items sent by another process", .timeLimit(.minutes(3)))
struct VoidhashLinkSentElsewhereTests {
    /// An app and its extension share storage. The app signs in offline; the extension, online,
    /// sends the stored link. When the app is back online its queue no longer holds the link:
    /// it takes the link as confirmed and fetches the signed-in person, instead of waiting for
    /// a link that will never be reported to it.
    @Test func aLinkAnotherProcessSentIsTakenAsConfirmedAndThePersonIsFetched() async throws {
        try await withSDKHarness { harness in
            let transport = SwitchableTransport()
            var options = harness.options()
            options.transport = transport
            let app = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            #expect(try await app.identifyState(externalUserId: "user_elsewhere").status == .deferred)

            let appExtension = try harness.launch()
            #expect(await appExtension.getDistinctId() == "user_elsewhere")
            await harness.retryDelivery(appExtension)
            #expect(await eventually { harness.state.links.count == 1 })
            await appExtension.shutdown()

            transport.isOffline.withLock { $0 = false }
            await harness.retryDelivery(app)
            #expect(
                await eventually {
                    (try? await app.getCurrentPersonState())?.reason == .fresh
                })
            let state = try await app.getCurrentPersonState()
            #expect(state.value?.distinctId == "user_elsewhere")
            #expect(!state.isStale)
            #expect(harness.requests(.identify).count == 1)
            await app.shutdown()
        }
    }

    /// The same, but Voidhash refuses the link the extension sent, and no call of the app waits
    /// for it any more: the app drops it as a late refusal, so it stays signed in, stops
    /// answering with the anonymous person, and asks Voidhash for the signed-in one.
    @Test func aLinkAnotherProcessSentAndVoidhashRefusedWithNobodyWaitingIsDropped() async throws {
        try await withSDKHarness { harness in
            harness.state.addRejections(VoidhashRejections(userIds: ["user_refused"]))
            let transport = SwitchableTransport()
            var options = harness.options()
            options.transport = transport
            let app = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            let anonymous = await app.getDistinctId()
            #expect(try await app.identifyState(externalUserId: "user_refused").status == .deferred)

            let appExtension = try harness.launch()
            await harness.retryDelivery(appExtension)
            #expect(await eventually { harness.requests(.identify).count == 1 })
            await appExtension.shutdown()

            transport.isOffline.withLock { $0 = false }
            await harness.retryDelivery(app)
            #expect(
                await eventually {
                    (try? await app.getCurrentPersonState()).map { $0.value?.distinctId != anonymous } ?? false
                })
            #expect(await app.getDistinctId() == "user_refused")
            await app.shutdown()
        }
    }

    /// The extension signs in while the app is sending: the app, holding the delivery claim,
    /// sends the extension's link with its own queue, and Voidhash refuses it. The extension's
    /// identify throws Voidhash's error and goes back to the anonymous ID, as when it sends the
    /// link itself, instead of taking the link it no longer finds queued as confirmed.
    @Test func aLinkAnotherProcessSentAndVoidhashRefusedMakesTheWaitingIdentifyThrow() async throws {
        try await withSDKHarness { harness in
            let sending = try await AppSending(harness)
            let appExtension = sending.appExtension
            let anonymousId = await appExtension.getDistinctId()
            harness.state.addRejections(VoidhashRejections(userIds: ["user_refused"]))
            let call = Task { await voidhashError { try await appExtension.identify(externalUserId: "user_refused") } }
            #expect(await eventually { await appExtension.pendingDeliveryCount() == 2 })
            await sending.finish(harness)
            #expect(harness.requests(.identify).count == 1)

            await appExtension.flush()  // finds the link gone, and why
            #expect(await call.value?.code == .personWriteRejected)
            #expect(await appExtension.getDistinctId() == anonymousId)
            await sending.shutdown()
        }
    }

    /// The same for attributes: the extension's `setPersonAttributes` throws the refusal the
    /// app got for them, as it does when it sends them itself.
    @Test func attributesAnotherProcessSentAndVoidhashRefusedMakeTheWaitingCallThrow() async throws {
        try await withSDKHarness { harness in
            let sending = try await AppSending(harness)
            let appExtension = sending.appExtension
            let distinctId = await appExtension.getDistinctId()
            harness.state.addRejections(VoidhashRejections(attributeDistinctIds: [distinctId]))
            let call = Task { await voidhashError { try await appExtension.setPersonAttributes(["plan": "pro"]) } }
            #expect(await eventually { await appExtension.pendingDeliveryCount() == 2 })
            await sending.finish(harness)
            #expect(harness.requests(.setPersonAttributes).count == 1)

            await appExtension.flush()  // finds the attributes gone, and why
            #expect(await call.value?.code == .personWriteRejected)
            #expect(harness.state.person(distinctId)?.attributes["plan"] == nil)
            await sending.shutdown()
        }
    }

    /// An app and its extension on one storage, with the app sending: its drain holds the
    /// delivery claim while the emulator holds one of its event requests.
    private struct AppSending {
        let app: Voidhash
        let appExtension: Voidhash
        let drain: Task<Void, Never>

        init(_ harness: SDKHarness) async throws {
            let app = try harness.launch()
            appExtension = try harness.launch()
            await harness.deliverAll(app, appExtension)
            harness.inject(.hold, into: .captureEvents)
            await app.capture("opened_app")
            drain = Task { await app.flush() }
            await harness.waitUntilHeld(.captureEvents)
            self.app = app
        }

        /// Lets the app's drain go on, sending what the extension queued meanwhile with its own
        /// event, and waits for it to end.
        func finish(_ harness: SDKHarness) async {
            harness.server.clearFaults()
            harness.release(.captureEvents)
            await drain.value
            #expect(await appExtension.pendingDeliveryCount() == 0)
        }

        /// Shuts both instances down.
        func shutdown() async {
            await appExtension.shutdown()
            await app.shutdown()
        }
    }
}
