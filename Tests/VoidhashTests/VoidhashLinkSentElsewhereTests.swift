import Foundation
import SDKEmulator
import SDKRuntime
import Synchronization
import Testing
import Voidhash
import VoidhashAPI

/// A transport that fails as unreachable while `isOffline` is set and otherwise sends through
/// URLSession: one instance offline while another, on the same storage, is online.
private final class SwitchableTransport: Transport {
    let isOffline = Mutex(true)
    private let online = URLSessionTransport(clock: SystemClock())

    func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse {
        if isOffline.withLock({ $0 }) { throw .unreachable("offline in this test") }
        return try await online.send(request, to: baseURL)
    }
}

@Suite("An identity link sent by another process", .timeLimit(.minutes(3)))
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
}
