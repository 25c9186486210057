import Foundation
import SDKEmulator
import SDKRuntime
import Synchronization
import TestSupport
import Testing
import Voidhash
import VoidhashAPI

/// Sends through URLSession and, while `answersForSomeoneElse` is set, rewrites the person in
/// every answer to be another distinct ID's, with a perk of its own.
private final class OtherPersonTransport: Transport {
    let answersForSomeoneElse = Mutex(false)
    private let online = loopbackTransport()

    func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse {
        var response = try await online.send(request, to: baseURL)
        guard answersForSomeoneElse.withLock({ $0 }),
            var object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        else { return response }
        func rewrite(_ person: [String: Any]) -> [String: Any] {
            var person = person
            person["distinctId"] = "someone_else"
            person["activePerkSlugs"] = ["stolen"]
            return person
        }
        if object["distinctId"] != nil {
            object = rewrite(object)
        } else if let person = object["person"] as? [String: Any] {
            object["person"] = rewrite(person)
        }
        if let body = try? JSONSerialization.data(withJSONObject: object) { response.body = body }
        return response
    }
}

/// What the SDK does with answers Voidhash would not give but something between it and the
/// device may: a code on the wrong status, a 4xx page without Voidhash's error body, a snapshot
/// of another person.
@Suite("Answers that are not Voidhash's", .timeLimit(.minutes(3)))
struct VoidhashServerAnswerTests {
    /// Only a 404 says Voidhash has no such person; the code on a 503 (or a 429, a 500) is no
    /// answer, and "a failed refresh isn't proof that the person has no access".
    @Test(arguments: [503, 500, 429, 400])
    func personNotFoundOnAnotherStatusKeepsTheSnapshot(status: Int) async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await voidhash.identify(externalUserId: "user_kept")
            harness.store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            #expect(try await voidhash.getCurrentPerson(forceFetch: true)?.hasActivePerk("premium") == true)

            harness.inject(.status(status, code: "PERSON_NOT_FOUND"), into: .getPerson)
            let state = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(state.value?.hasActivePerk("premium") == true, "\(state)")
            #expect(state.isStale)
            await voidhash.shutdown()
        }
    }

    /// A 404 page from something in between (no error body) is not Voidhash refusing the write:
    /// identify is deferred, not thrown, and the link and a purchase stay queued until Voidhash
    /// answers.
    @Test func aFourHundredWithoutVoidhashsErrorBodyKeepsTheWritesQueued() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            harness.inject(.status(404))
            let result = try await voidhash.identifyState(externalUserId: "user_behind_proxy")
            #expect(result.status == .deferred)
            #expect(await voidhash.getDistinctId() == "user_behind_proxy")
            harness.store.purchase(productId: "pro_monthly")
            _ = try? await voidhash.syncPurchases()
            #expect(await voidhash.pendingDeliveryCount() == 2, "the link and the purchase wait")
            #expect(!harness.diagnosticCodes.contains(.personWriteRejected))

            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            #expect(harness.state.links[anonymousId] == "user_behind_proxy")
            #expect(harness.state.purchases.map(\.distinctId) == ["user_behind_proxy"])
            await voidhash.shutdown()
        }
    }

    /// "The distinct ID the snapshot was fetched for": another person's snapshot never grants
    /// access, whether it answers a read or a write.
    @Test func anotherPersonsSnapshotIsNeverCached() async throws {
        try await withSDKHarness { harness in
            let transport = OtherPersonTransport()
            var options = harness.options()
            options.transport = transport
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            try await voidhash.identify(externalUserId: "user_own")
            transport.answersForSomeoneElse.withLock { $0 = true }

            let state = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(state.value?.distinctId != "someone_else", "\(state)")
            #expect(state.value?.hasActivePerk("stolen") != true)
            _ = try await voidhash.setPersonAttributesState(["plan": "pro"])
            harness.store.purchase(productId: "pro_monthly")
            _ = try? await voidhash.syncPurchases()
            #expect(try await voidhash.getCurrentPerson()?.hasActivePerk("stolen") != true)
            #expect(try await voidhash.getCurrentPerson()?.distinctId != "someone_else")
            await voidhash.shutdown()
        }
    }
}
