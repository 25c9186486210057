import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import Testing

@Suite("Order of calls", .timeLimit(.minutes(3)))
struct OrderOfCallsTests {
    @Test func identifyThrowsBeforeConfiguration() async throws {
        try await withJoe { joe in
            let instance = joe.launch()
            #expect(throws: MobileJoeError.notConfigured) { try instance.identify(appUserID: "account-42") }
            #expect(instance.identity == nil)
            #expect(!FileManager.default.fileExists(atPath: joe.identityFile.path))
            #expect(joe.allRequests.isEmpty)
        }
    }

    @Test func logoutBeforeConfigurationReplacesTheStoredIdentityLocally() async throws {
        try await withJoe { joe in
            let stored = try #require(try await joe.configured(appUserID: "account-42").identity)
            let relaunched = joe.launch()
            try relaunched.logout()
            let replaced = try joe.storedIdentity()
            #expect(replaced.isFresh)
            #expect(replaced.anonymousId != stored.anonymousId && replaced.deviceId != stored.deviceId)
            #expect(!relaunched.isConfigured)
            await relaunched.pendingIdentify()
            #expect(joe.requests(.identify).count == 1, "nothing is sent before configuration")

            try relaunched.configure(withAPIKey: testAPIKey)
            #expect(relaunched.identity == replaced)
            await relaunched.pendingIdentify()
            #expect(joe.state.identities.last?.anonymousId == replaced.anonymousId)
        }
    }

    @Test func laterConfigureCallsChangeNothingUntilTheAppRelaunches() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            let identity = instance.identity
            let file = try inode(of: joe.identityFile)

            try instance.configure(withAPIKey: "mj_other", appUserID: "account-42", debugMode: true)
            await instance.pendingIdentify()
            #expect(instance.identity == identity)
            #expect(try inode(of: joe.identityFile) == file)
            #expect(joe.requests(.identify).count == 1)
            #expect(joe.diagnostics.all == [.configureIgnored])
            _ = try await instance.alerts()
            #expect(joe.requests(.listAlerts).first?.header("Authorization") == testAPIKey)
            #expect(joe.requests(.listAlerts).first?.header("Debug-Mode") == "false")

            let relaunched = try await joe.configured(appUserID: "account-42")
            #expect(relaunched.identity?.externalId == ExternalId.make(from: "account-42"))
            #expect(joe.requests(.identify).count == 2)
        }
    }

    @Test func identifyAndLogoutTakeEffectAtOnceInCallOrder() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            let start = try #require(instance.identity)
            try instance.identify(appUserID: "account-1")
            let first = try #require(instance.identity)
            #expect(try joe.storedIdentity() == first)
            try instance.logout()
            let second = try #require(instance.identity)
            #expect(try joe.storedIdentity() == second)
            try instance.identify(appUserID: "account-2")
            let third = try #require(instance.identity)
            #expect(try joe.storedIdentity() == third)
            await instance.pendingIdentify()

            let announced = joe.state.identities.map { [$0.anonymousId, $0.deviceId, $0.externalId ?? "-"] }
            let expected = [start, first, second, third].map { [$0.anonymousId, $0.deviceId, $0.externalId ?? "-"] }
            #expect(announced == expected)
        }
    }

    @Test func configureWorksFromMemoryWhenTheIdentityCannotBeStored() async throws {
        try await withJoe { joe in
            let blocker = joe.root.appendingPathComponent("blocker")
            try FileManager.default.createDirectory(at: joe.root, withIntermediateDirectories: true)
            try Data("a file".utf8).write(to: blocker)
            let instance = joe.launch(storageDirectory: blocker.appendingPathComponent("MobileJoe"))
            try instance.configure(withAPIKey: testAPIKey, appUserID: "account-42")
            #expect(instance.isConfigured)
            guard case .identityNotStored(let reason) = try #require(joe.diagnostics.all.first) else {
                Issue.record("expected identityNotStored, got \(joe.diagnostics.all)")
                return
            }
            #expect(!reason.contains("account-42"))
            // Two reports: the file that could not be read nor moved aside, then the signed-in
            // identity that could not be stored.
            #expect(joe.diagnostics.all.count == 2)
            guard case .identityNotStored = joe.diagnostics.all.last else {
                Issue.record("expected the signed-in identity to be reported as not stored: \(joe.diagnostics.all)")
                return
            }
            let identity = try #require(instance.identity)
            #expect(identity.externalId == ExternalId.make(from: "account-42"))
            await instance.pendingIdentify()
            let announced = try #require(joe.requests(.identify).first)
            #expect(announced.header("Identity-Anonymous-ID") == identity.anonymousId)
            #expect(announced.header("Identity-External-ID") == identity.externalId)
            #expect(try Data(contentsOf: blocker) == Data("a file".utf8), "nothing on disk was touched")
            // A change the app asks for later still has to be stored, and says so when it cannot.
            #expect(throws: MobileJoeError.self) { try instance.logout() }
            #expect(instance.identity == identity)
        }
    }

    @Test(.enabled(if: geteuid() != 0, "folder permissions do not stop root"))
    func aDamagedFileThatCannotBeReplacedIsLeftAsItIs() async throws {
        try await withJoe { joe in
            try FileManager.default.createDirectory(at: joe.storageDirectory, withIntermediateDirectories: true)
            let file = joe.storageDirectory.appendingPathComponent("identity.mbj")
            try Data("{ torn".utf8).write(to: file)
            chmod(joe.storageDirectory.path, 0o500)
            defer { chmod(joe.storageDirectory.path, 0o700) }
            let instance = joe.launch()
            try instance.configure(withAPIKey: testAPIKey)
            #expect(instance.isConfigured)
            #expect(instance.identity?.anonymousId.hasPrefix("$MBJAnonymousID:") == true)
            guard case .identityNotStored = try #require(joe.diagnostics.all.first) else {
                Issue.record("expected identityNotStored, got \(joe.diagnostics.all)")
                return
            }
            #expect(try Data(contentsOf: file) == Data("{ torn".utf8), "the damaged file is kept as it was")
        }
    }

    @Test func identifyAndLogoutThrowWhenTheIdentityCannotBeStored() async throws {
        try await withJoe { joe in
            let instance = try await joe.configured()
            let identity = instance.identity
            try FileManager.default.removeItem(at: joe.storageDirectory)
            try Data("not a folder".utf8).write(to: joe.storageDirectory)

            for call in [{ try instance.identify(appUserID: "account-42") }, { try instance.logout() }] {
                #expect {
                    try call()
                } throws: { error in
                    guard case .storageFailed = error as? MobileJoeError else { return false }
                    return true
                }
                #expect(instance.identity == identity)
            }
            await instance.pendingIdentify()
            #expect(joe.requests(.identify).count == 1)
            _ = try await instance.alerts()
            #expect(joe.requests(.listAlerts).first?.header("Identity-Anonymous-ID") == identity?.anonymousId)
        }
    }

    /// The static API is process-wide, so this is its only test in this process (a logout before
    /// `configure`, which writes to the default folder, is tested in processes of its own:
    /// `JoeLogoutBeforeConfigureTests`): a `configure` that throws counts for nothing; then one
    /// configuration per process.
    @Test func theStaticAPIConfiguresOncePerProcess() async throws {
        try await withJoe { joe in
            let signedIn = try #require(try await joe.configured(appUserID: "account-7").identity)
            #expect(throws: MobileJoeError.notConfigured) { try Joe.identify(appUserID: "account-42") }
            #expect(throws: MobileJoeError.invalidAppUserID) { try Joe.identify(appUserID: " ") }
            #expect(Joe.shared == nil)

            var elsewhere = joe.options()
            elsewhere.storageDirectory = joe.storageDirectory.appendingPathComponent("elsewhere")
            #expect(throws: MobileJoeError.invalidAppUserID) {
                try Joe.configure(withAPIKey: testAPIKey, appUserID: " ", options: elsewhere)
            }
            #expect(Joe.shared == nil, "a configure that throws configures nothing")
            #expect(!FileManager.default.fileExists(atPath: elsewhere.storageDirectory.path))
            #expect(try joe.storedIdentity() == signedIn)

            let instance = try Joe.configure(withAPIKey: testAPIKey, appUserID: nil, options: joe.options())
            #expect(Joe.shared === instance)
            #expect(instance.identity == signedIn)
            let again = try Joe.configure(withAPIKey: "mj_other", appUserID: "account-1", debugMode: true)
            #expect(again === instance)
            #expect(instance.identity == signedIn, "a later configure changes nothing")
            #expect(joe.diagnostics.all == [.configureIgnored])

            try Joe.identify(appUserID: "account-42")
            #expect(instance.identity?.externalId == ExternalId.make(from: "account-42"))
            try Joe.logout()
            #expect(instance.identity?.externalId == nil)
            await instance.pendingIdentify()
            // The earlier launch's, then the configuration's, the identify's and the logout's.
            #expect(joe.requests(.identify).count == 4)
            #expect(joe.requests(.identify)[1].header("Identity-Anonymous-ID") == signedIn.anonymousId)
        }
    }
}
