import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

/// An app and its extension run Mobile Joe at once on one storage folder, each in a process of
/// its own: two instances on one folder, which share nothing but the identity file, stand for
/// them here.
@Suite("One identity for instances sharing a folder", .timeLimit(.minutes(3)))
struct SharedFolderTests {
    /// An app and its extension configured at the same moment on a fresh install store one
    /// identity between them and both use it: tried 20 times, each on a new folder.
    @Test func instancesConfiguredAtOnceOnAFreshInstallUseOneIdentity() async throws {
        try await withJoe { joe in
            let rounds = 20
            let instances = (0..<rounds).map { round in
                let folder = joe.storageDirectory.appendingPathComponent("install-\(round)", isDirectory: true)
                return [joe.launch(storageDirectory: folder), joe.launch(storageDirectory: folder)]
            }
            await raceRounds(rounds) { instance, round in
                _ = try? instances[round][instance].configure(withAPIKey: testAPIKey)
            }
            for (round, pair) in instances.enumerated() {
                for instance in pair { await instance.pendingIdentify() }
                let stored = try JSONDecoder().decode(
                    IdentityFile.self,
                    from: Data(contentsOf: joe.storageDirectory.appendingPathComponent("install-\(round)/identity.mbj"))
                )
                #expect(pair.map(\.identity) == [stored, stored], "round \(round)")
            }
        }
    }

    /// An app signing out while its extension signs in, at the same moment, 100 times: whichever
    /// file is stored last, both use it from their next request on (one that noted the other's
    /// file as its own would never read it).
    @Test func aSignInAndASignOutAtOnceLeaveBothUsingTheStoredIdentity() async throws {
        try await withJoe(plans: [MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode")]) { joe in
            let pair = [try await joe.configured(), try await joe.configured()]
            let rounds = 100
            for round in 0..<rounds {
                await raceRounds(1) { instance, _ in
                    if instance == 0 {
                        try? pair[0].logout()
                    } else {
                        try? pair[1].identify(appUserID: "account-\(round)")
                    }
                }
                for instance in pair { _ = try await instance.featurePlans() }
                let stored = try joe.storedIdentity()
                #expect(pair.map(\.identity) == [stored, stored], "round \(round)")
            }
            for instance in pair { await instance.pendingIdentify() }
        }
    }

    /// Two instances (an app and its extension, or two processes) changing the identity at the
    /// same moment leave what one call after the other would: each reads the file the other
    /// stored before building on it. Without that, both built on the same anonymous identity:
    /// two accounts signed in on one anonymous ID, or a sign-out overwritten and lost.
    @Test(
        "identity changes made at once by two instances on one folder end as one made after the other would",
        arguments: ["two accounts", "a sign-out and an account"])
    func identityChangesAtOnceEndAsOneAfterTheOther(race: String) async throws {
        try await withJoe { joe in
            let pair = [try await joe.configured(), try await joe.configured()]
            let rounds = 60
            var overwritten: [String] = []
            for round in 0..<rounds {
                try pair[0].logout()
                let before = try joe.storedIdentity()
                await raceRounds(1) { instance, _ in
                    if race == "two accounts" || instance == 1 {
                        try? pair[instance].identify(appUserID: "account-\(round)-\(instance)")
                    } else {
                        try? pair[instance].logout()
                    }
                }
                // In either order the second call starts a new anonymous identity: switching
                // accounts logs out first, and a sign-out always does.
                let stored = try joe.storedIdentity()
                if stored.anonymousId == before.anonymousId { overwritten.append("round \(round): \(stored)") }
            }
            for instance in pair { await instance.pendingIdentify() }
            #expect(overwritten.isEmpty, "\(overwritten.count) of \(rounds) rounds kept the first anonymous ID")
        }
    }

    @Test func theNextRequestCarriesTheIdentityAnotherInstanceStored() async throws {
        try await withJoe(plans: [MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode")]) { joe in
            let app = try await joe.configured()
            let appExtension = try await joe.configured()
            #expect(appExtension.identity == app.identity)

            try app.logout()
            await app.pendingIdentify()
            let afterLogout = try #require(app.identity)
            #expect(appExtension.identity != afterLogout, "read again only when it needs the identity")

            _ = try await appExtension.featurePlans()
            let request = try #require(joe.requests(.listFeaturePlans).last)
            #expect(identityHeaders(of: request) == identityHeaders(for: afterLogout))
            #expect(appExtension.identity == afterLogout)
            await appExtension.pendingIdentify()
            #expect(joe.requests(.identify).count == 3, "two app starts and the logout; none for following it")
        }
    }

    @Test func identifyBuildsOnTheIdentityAnotherInstanceStored() async throws {
        try await withJoe { joe in
            let app = try await joe.configured()
            let appExtension = try await joe.configured()
            try app.logout()
            let afterLogout = try #require(app.identity)

            try appExtension.identify(appUserID: "account-42")
            await appExtension.pendingIdentify()
            let stored = try joe.storedIdentity()
            #expect(stored.anonymousId == afterLogout.anonymousId)
            #expect(stored.deviceId == afterLogout.deviceId)
            #expect(stored.externalId == ExternalId.make(from: "account-42"))
            #expect(appExtension.identity == stored)
        }
    }

    @Test func aFileAnotherProgramDamagedLeavesTheIdentityInUse() async throws {
        try await withJoe(plans: [MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode")]) { joe in
            let app = try await joe.configured()
            let identity = try #require(app.identity)
            try Data("not an identity".utf8).write(to: joe.identityFile)

            _ = try await app.featurePlans()
            let request = try #require(joe.requests(.listFeaturePlans).last)
            #expect(identityHeaders(of: request) == identityHeaders(for: identity))
            #expect(app.identity == identity)
            try FileManager.default.removeItem(at: joe.identityFile)
            _ = try await app.featurePlans()
            #expect(app.identity == identity)
        }
    }

    /// The identity headers `request` carries.
    private func identityHeaders(of request: EmulatorRequest) -> [String: String] {
        pageHeaders(of: request).filter { $0.key.hasPrefix("Identity-") }
    }

    /// The identity headers `identity` gives.
    private func identityHeaders(for identity: IdentityFile) -> [String: String] {
        expectedHeaders(for: identity).filter { $0.key.hasPrefix("Identity-") }
    }
}
