import Foundation
import SDKEmulator
import SDKRuntime
import Synchronization
import TestSupport
import Testing
import VoidhashAPI

@testable import Voidhash

/// An app and its extension, each with its own connection to one storage, change the identity
/// at the same instant: each call acts on the identity the other left, as if it came just
/// after it, so the two end on one identity and Voidhash is told one consistent story.
@Suite("Identity changes at the same instant in two instances", .timeLimit(.minutes(3)))
struct VoidhashSimultaneousIdentityTests {
    /// How many raced rounds each test runs.
    static let rounds = 16

    /// Either the sign-in came first (the link is of the first anonymous ID, and `$sign_out` is
    /// recorded for the user it signed in) or the sign-out did (its `$sign_out` is of the first
    /// anonymous ID, and the sign-in links the new one). Before the stored identity was
    /// compared inside each write, the sign-out went on from the anonymous ID the sign-in had
    /// just replaced: the user it signed in was linked, and never signed out.
    @Test func aSignInAndASignOutAtOnceEndAsIfOneCameFirst() async throws {
        try await withSDKHarness { harness in
            let pairs = try await Self.launchPairs(harness)
            await raceRounds(Self.rounds) { instance, round in
                Self.runToTheDecision(pairs[round].instances[instance]) { core in
                    if instance == 0 {
                        _ = core.identify(externalUserId: "racer_\(round)", email: nil, name: nil)
                    } else {
                        core.signOut()
                    }
                }
            }
            for (round, pair) in pairs.enumerated() {
                let user = "racer_\(round)"
                let final = try await Self.settle(pair, harness)
                let links = harness.state.links.filter { $0.value == user }
                let signOuts = harness.capturedEvents.filter {
                    $0.event == VoidhashConstants.signOutEvent && [pair.firstId, user].contains($0.distinctId)
                }
                #expect(signOuts.count == 1, "round \(round)")
                if signOuts.first?.distinctId == user {
                    #expect(links == [pair.firstId: user], "round \(round): signed in first")
                    #expect(final.hasPrefix("vh_anon_") && final != pair.firstId, "round \(round)")
                } else {
                    #expect(links.count == 1 && links[pair.firstId] == nil, "round \(round): signed out first")
                    #expect(final == user, "round \(round)")
                }
            }
            await Self.shutDown(pairs)
        }
    }

    /// The first sign-in links the anonymous ID; the second, finding a user signed in, switches
    /// from that user without a link. Before, both linked the one anonymous ID, and Voidhash
    /// refused the second (`PERSON_WRITE_REJECTED`).
    @Test func twoSignInsAtOnceLinkTheAnonymousIdOnce() async throws {
        try await withSDKHarness { harness in
            let pairs = try await Self.launchPairs(harness)
            await raceRounds(Self.rounds) { instance, round in
                Self.runToTheDecision(pairs[round].instances[instance]) { core in
                    _ = core.identify(externalUserId: "racer_\(round)_\(instance)", email: nil, name: nil)
                }
            }
            for (round, pair) in pairs.enumerated() {
                let final = try await Self.settle(pair, harness)
                let users = ["racer_\(round)_0", "racer_\(round)_1"]
                let links = harness.state.links.filter { users.contains($0.value) }
                #expect(links.count == 1, "round \(round)")
                let linked = try #require(links[pair.firstId], "round \(round)")
                #expect(final == users.first { $0 != linked }, "round \(round): the second sign-in is the user")
            }
            #expect(!harness.diagnosticCodes.contains(.personWriteRejected))
            await Self.shutDown(pairs)
        }
    }

    /// Whichever comes first, the device ends signed out: a group joined first is left by the
    /// sign-out; a group joined after it is the new anonymous user's. Before, the group write
    /// stored the earlier identity (with the group) over the sign-out, and both instances went
    /// back to the signed-out identity at their next call.
    @Test func joiningAGroupAtTheInstantOfASignOutNeverUndoesIt() async throws {
        try await withSDKHarness { harness in
            let pairs = try await Self.launchPairs(harness)
            await raceRounds(Self.rounds) { instance, round in
                Self.runToTheDecision(pairs[round].instances[instance]) { core in
                    if instance == 0 {
                        core.group(type: "company", key: "acme_\(round)", properties: [:])
                    } else {
                        core.signOut()
                    }
                }
            }
            for (round, pair) in pairs.enumerated() {
                let final = try await Self.settle(pair, harness)
                #expect(final != pair.firstId, "round \(round)")
                let groups = [await pair.instances[0].groups, await pair.instances[1].groups]
                #expect(groups[0] == groups[1], "round \(round)")
                #expect([[:], ["company": "acme_\(round)"]].contains(groups[0]), "round \(round)")
            }
            await Self.shutDown(pairs)
        }
    }

    /// Two instances on one storage directory of their own, and the anonymous ID they start
    /// from.
    struct Pair: Sendable {
        let instances: [Voidhash]
        let firstId: String
    }

    /// One pair per round, each on its own directory under the harness's.
    static func launchPairs(_ harness: SDKHarness) async throws -> [Pair] {
        var pairs: [Pair] = []
        for round in 0..<rounds {
            let directory = harness.directory.appendingPathComponent("round-\(round)", isDirectory: true)
            let instances = try (0..<2).map { _ in
                try Voidhash(publishableKey: VoidhashEmulator.testKey, options: harness.options(directory: directory))
            }
            let firstId = await instances[0].getDistinctId()
            #expect(await instances[1].getDistinctId() == firstId)
            pairs.append(Pair(instances: instances, firstId: firstId))
        }
        return pairs
    }

    /// Runs `decide` on `voidhash`'s core in call order and returns once it has: the call's
    /// identity change is made and stored, its wait for Voidhash is not awaited.
    static func runToTheDecision(_ voidhash: Voidhash, _ decide: @escaping @Sendable (isolated VoidhashCore) -> Void) {
        let decided = DispatchSemaphore(value: 0)
        Task {
            await voidhash.inCallOrder { core in await core.run(decide) }
            decided.signal()
        }
        decided.wait()
    }

    /// Delivers what both instances queued, and answers the distinct ID they agree on.
    static func settle(_ pair: Pair, _ harness: SDKHarness) async throws -> String {
        for instance in pair.instances { await harness.retryDelivery(instance) }
        let ids = [await pair.instances[0].getDistinctId(), await pair.instances[1].getDistinctId()]
        #expect(ids[0] == ids[1])
        return ids[0]
    }

    static func shutDown(_ pairs: [Pair]) async {
        for instance in pairs.flatMap(\.instances) { await instance.shutdown() }
    }
}

extension VoidhashCore {
    /// Runs `body` on the core (for tests that call the core's own methods).
    fileprivate func run(_ body: @Sendable (isolated VoidhashCore) -> Void) {
        body(self)
    }
}
