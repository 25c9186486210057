import Foundation
import MobileJoeAPI
import Testing

@testable import MobileJoe

/// A `Joe.logout()` made before `configure` returned to the app as done; when the first
/// `configure` cannot store the new anonymous identity, the launch still goes on signed out.
@Suite("A logout before configure that cannot be stored", .timeLimit(.minutes(3)))
struct LogoutBeforeConfigureTests {
    @Test(.enabled(if: canMakeFoldersImmutable, "needs chattr +i, which makes a write fail even as root"))
    func stillSignsOutThisLaunchAndNeverSendsTheAccountsIDs() async throws {
        try await withJoe { joe in
            let signedIn = try #require(try await joe.configured(appUserID: "account-7").identity)
            let bytes = try Data(contentsOf: joe.identityFile)
            #expect(setImmutable(joe.storageDirectory, true))
            defer { setImmutable(joe.storageDirectory, false) }

            let instance = joe.launch()
            #expect(throws: MobileJoeError.self) { try instance.logoutBeforeConfigure() }
            try instance.configure(withAPIKey: testAPIKey)
            let identity = try #require(instance.identity)
            #expect(identity.externalId == nil, "the app was told the user signed out")
            #expect(identity.anonymousId != signedIn.anonymousId)
            #expect(identity.deviceId != signedIn.deviceId)
            guard case .identityNotStored = joe.diagnostics.all.last else {
                Issue.record("expected the signed-out identity to be reported as not stored: \(joe.diagnostics.all)")
                return
            }
            await instance.pendingIdentify()
            let announced = try #require(joe.requests(.identify).last)
            #expect(announced.header("Identity-External-ID") == nil)
            #expect(announced.header("Identity-Anonymous-ID") == identity.anonymousId)
            #expect(try Data(contentsOf: joe.identityFile) == bytes, "the stored file could not be replaced")
        }
    }
}
