import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import Voidhash
import VoidhashAPI

/// A malformed answer met by the Voidhash SDK over the real stack (`URLSessionTransport` inside
/// `RetryingTransport`, loopback HTTP to the emulator): nothing of it reaches the person cache.
@Suite("Voidhash SDK under a malformed response, over loopback HTTP", .timeLimit(.minutes(3)))
struct VoidhashClientFaultTests {
    /// A launch on `harness`'s device whose requests go through the retry layer (waits on the
    /// SDK's manual clock).
    private func launch(_ harness: SDKHarness) throws -> Voidhash {
        var options = harness.options()
        options.transport = RetryingTransport(loopbackTransport(), clock: harness.clock)
        return try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
    }

    @Test func aMalformedPersonIsNeverCachedAndTheSnapshotBeforeItStays() async throws {
        try await withSDKHarness { harness in
            let voidhash = try launch(harness)
            let distinctId = await voidhash.getDistinctId()

            // A new anonymous ID: the first read asks Voidhash, which has no person for it yet;
            // then the malformed answer (to a person that exists now) leaves that answer as it was.
            let launched = try await voidhash.getCurrentPersonState()
            #expect(launched.value == nil)
            #expect(launched.reason == .fresh)
            #expect(harness.requests(.getPerson).count == 1)
            harness.state.seedPerson(VoidhashPersonSeed(distinctId: distinctId, email: "ada@example.com", name: "Ada"))
            harness.clock.advance(by: .seconds(10))  // a snapshot taken now would be dated apart
            harness.inject(.malformedBody, into: .getPerson)
            let empty = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(empty.value == nil)
            #expect(empty.reason == .refreshFailed)
            #expect(empty.fetchedAt == launched.fetchedAt)
            #expect(harness.requests(.getPerson).count == 2)  // a 2xx is not sent again
            harness.server.clearFaults()
            harness.clock.advance(by: .seconds(10))

            let snapshot = try await voidhash.getCurrentPersonState(forceFetch: true)
            let person = try #require(snapshot.value)
            #expect(person.name == "Ada")
            #expect(snapshot.fetchedAt == sdkTestEpoch.addingTimeInterval(20))

            // A snapshot cached: the malformed answer (to a changed person) leaves it as it was.
            harness.state.seedPerson(
                VoidhashPersonSeed(distinctId: distinctId, email: "grace@example.com", name: "Grace"))
            harness.clock.advance(by: .seconds(10))
            harness.inject(.malformedBody, into: .getPerson)
            let failed = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(failed.value == person)
            #expect(failed.reason == .refreshFailed)
            #expect(failed.fetchedAt == snapshot.fetchedAt)
            #expect(harness.requests(.getPerson).count == 4)

            // Later reads, in this launch and the next, still see that snapshot.
            #expect(try await voidhash.getCurrentPerson() == person)
            await voidhash.shutdown()
            let relaunched = try launch(harness)
            let stored = try await relaunched.getCurrentPersonState()
            #expect(stored.value == person)
            #expect(stored.fetchedAt == snapshot.fetchedAt)
            #expect(harness.requests(.getPerson).count == 4)  // served from the cache
            await relaunched.shutdown()
        }
    }
}
