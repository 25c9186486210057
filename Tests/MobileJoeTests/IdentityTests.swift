import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing

@Suite("Identity: anonymous by default, sign in, sign out", .timeLimit(.minutes(3)))
struct IdentityTests {
    @Test func anonymousByDefault() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            let identity = try #require(instance.identity)
            #expect(AnonymousId.isValid(identity.anonymousId))
            #expect(identity.anonymousId.hasPrefix("$MBJAnonymousID:"))
            #expect(identity.anonymousId.count == "$MBJAnonymousID:".count + 32)
            #expect(DeviceId.isValid(identity.deviceId))
            #expect(identity.deviceId.count == "$MBJDeviceID:".count + 32)
            #expect(identity.externalId == nil)
            #expect(try joe.storedIdentity() == identity)
            #expect(joe.state.identities.map(\.anonymousId) == [identity.anonymousId])
            #expect(joe.state.identities.map(\.externalId) == [nil])
        }
    }

    @Test func laterLaunchesReuseTheStoredIdentity() async throws {
        try await withJoe { joe in
            let first = try #require(try await joe.configured().identity)
            let second = try #require(try await joe.configured().identity)
            #expect(first == second)
        }
    }

    @Test(arguments: [
        ("abc", "$MBJExternalID:ba7816bf8f01cfea414140de5dae2223"),
        ("account-42", "$MBJExternalID:be781897291dcfd5c58baa17cd0602b4"),
    ])
    func externalIDIsTheFirst32HexDigitsOfTheUnsaltedSHA256(appUserID: String, expected: String) async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            try instance.identify(appUserID: appUserID)
            #expect(instance.identity?.externalId == expected)
            #expect(try joe.storedIdentity().externalId == expected)
        }
    }

    @Test func firstIdentificationKeepsTheAnonymousID() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            let before = try #require(instance.identity)
            try instance.identify(appUserID: "account-42")
            let after = try #require(instance.identity)
            #expect(after.anonymousId == before.anonymousId)
            #expect(after.deviceId == before.deviceId)
            #expect(after.externalId == ExternalId.make(from: "account-42"))
        }
    }

    @Test func identifyingTheSameAccountAgainChangesNothing() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            try instance.identify(appUserID: "account-42")
            await instance.pendingIdentify()
            let identity = instance.identity
            let fileBefore = try inode(of: joe.identityFile)
            let requestsBefore = joe.requests(.identify).count

            try instance.identify(appUserID: "account-42")
            await instance.pendingIdentify()

            #expect(instance.identity == identity)
            #expect(try inode(of: joe.identityFile) == fileBefore, "no write")
            #expect(joe.requests(.identify).count == requestsBefore, "no request")
        }
    }

    @Test func configuringWithoutAnAppUserIDKeepsTheStoredIdentitySignedInIncluded() async throws {
        try await withJoe { joe in
            let signedIn = try #require(try await joe.configured(appUserID: "account-42").identity)
            #expect(signedIn.externalId != nil)
            let relaunched = try await joe.configured(appUserID: nil)
            #expect(relaunched.identity == signedIn)
        }
    }

    @Test func configuringWithAnAppUserIDSignsInKeepingTheAnonymousID() async throws {
        try await withJoe { joe in
            let anonymous = try #require(try await joe.configured().identity)
            let relaunched = try await joe.configured(appUserID: "account-42")
            #expect(relaunched.identity?.anonymousId == anonymous.anonymousId)
            #expect(relaunched.identity?.deviceId == anonymous.deviceId)
            #expect(relaunched.identity?.externalId == ExternalId.make(from: "account-42"))
        }
    }

    @Test func anAppUserIDAdoptedAtConfigureIsStoredForTheNextLaunch() async throws {
        try await withJoe { joe in
            let anonymous = try #require(try await joe.configured().identity)
            _ = try await joe.configured(appUserID: "account-42")
            let relaunched = try #require(try await joe.configured().identity)
            #expect(relaunched.anonymousId == anonymous.anonymousId)
            #expect(relaunched.externalId == ExternalId.make(from: "account-42"))
            #expect(try joe.storedIdentity().externalId == ExternalId.make(from: "account-42"))
        }
    }

    @Test func identifyingADifferentAccountLogsOutFirst() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured(appUserID: "account-1")
            let first = try #require(instance.identity)
            try instance.identify(appUserID: "account-2")
            let second = try #require(instance.identity)
            #expect(second.anonymousId != first.anonymousId)
            #expect(second.deviceId != first.deviceId)
            #expect(AnonymousId.isValid(second.anonymousId) && DeviceId.isValid(second.deviceId))
            #expect(second.externalId == ExternalId.make(from: "account-2"))
            await instance.pendingIdentify()
            #expect(joe.state.identities.last?.anonymousId == second.anonymousId)
            #expect(joe.state.identities.last?.externalId == second.externalId)
        }
    }

    @Test func logoutContinuesWithNewAnonymousAndDeviceIDs() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured(appUserID: "account-42")
            let before = try #require(instance.identity)
            try instance.logout()
            let after = try #require(instance.identity)
            #expect(after.anonymousId != before.anonymousId)
            #expect(after.deviceId != before.deviceId)
            #expect(after.externalId == nil)
            #expect(try joe.storedIdentity() == after)
            await instance.pendingIdentify()
            #expect(joe.requests(.identify).last?.header("Identity-External-ID") == nil)
            #expect(joe.requests(.identify).last?.header("Identity-Anonymous-ID") == after.anonymousId)
        }
    }

    @Test(arguments: ["", " ", "\t\n", "\u{00A0}\u{2003}"])
    func blankAppUserIDThrowsInvalidAppUserIDAndChangesNothing(appUserID: String) async throws {
        try await withJoe { joe in
            let unconfigured = joe.launch()
            #expect(throws: MobileJoeError.invalidAppUserID) {
                try unconfigured.configure(withAPIKey: testAPIKey, appUserID: appUserID)
            }
            #expect(!unconfigured.isConfigured)
            #expect(!FileManager.default.fileExists(atPath: joe.identityFile.path))

            let instance = try await joe.configured(appUserID: "account-42")
            let identity = instance.identity
            let file = try inode(of: joe.identityFile)
            #expect(throws: MobileJoeError.invalidAppUserID) { try instance.identify(appUserID: appUserID) }
            await instance.pendingIdentify()
            #expect(instance.identity == identity)
            #expect(try inode(of: joe.identityFile) == file)
            #expect(joe.requests(.identify).count == 1)
        }
    }

    /// Blank is judged scalar by scalar: a space followed by a combining mark is one character,
    /// which Swift's `Character.isWhitespace` calls whitespace, but the mark is not whitespace.
    @Test func anAppUserIDOfASpaceAndACombiningMarkIsNotBlank() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured(appUserID: "account-42")
            try instance.identify(appUserID: " \u{301}")
            await instance.pendingIdentify()
            #expect(instance.identity?.externalId == ExternalId.make(from: " \u{301}"))
        }
    }

    @Test func theAppUserIDIsNeverSentNorStored() async throws {
        let secret = "account-secret-7781"
        try await withJoe(plans: [MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode")]) { joe in
            let instance = try await joe.configured(appUserID: secret)
            try instance.logout()
            try instance.identify(appUserID: secret)
            await instance.pendingIdentify()
            _ = try await instance.featurePlans()
            _ = try await instance.vote(planID: "dark-mode")
            _ = try await instance.searchFAQs(term: "refund")
            _ = try await instance.alerts()

            #expect(joe.allRequests.count >= 7)
            for request in joe.allRequests {
                let text =
                    request.method + request.path + request.query.map { $0.name + $0.value }.joined()
                    + request.headers.map { $0.name + $0.value }.joined()
                    + String(decoding: request.body, as: UTF8.self)
                #expect(!text.contains(secret))
            }
            let stored = String(decoding: try Data(contentsOf: joe.identityFile), as: UTF8.self)
            #expect(!stored.contains(secret))
            #expect(stored.contains(ExternalId.make(from: secret)))
        }
    }
}
