import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

@Suite("Configure", .timeLimit(.minutes(3)))
struct VoidhashConfigureTests {
    @Test func testKeySelectsTheTestEnvironment() throws {
        let voidhash = try Voidhash(publishableKey: "vh_pk_test_abc123", options: VoidhashOptions())
        #expect(voidhash.environment == .test)
    }

    @Test func productionKeySelectsProduction() throws {
        let voidhash = try Voidhash(publishableKey: "vh_pk_abc123", options: VoidhashOptions())
        #expect(voidhash.environment == .production)
    }

    @Test(arguments: ["", "   ", "vh_pk_", "vh_sk_abc", "pk_live_abc", "vh_pk_with space", "VH_PK_ABC"])
    func anyOtherKeyIsRefusedWithInvalidArgument(key: String) async {
        let error = await voidhashError { try Voidhash.configure(publishableKey: key) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.code.rawValue == "INVALID_ARGUMENT")
    }

    @Test func requestsCarryThePublishableKeyAndTheSDKVersion() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            _ = try await voidhash.identifyState(externalUserId: "user_headers")
            let request = try #require(harness.requests(.identify).first?.request)
            #expect(request.header("Authorization") == "Bearer \(VoidhashEmulator.testKey)")
            #expect(request.header("Voidhash-SDK") == "swift/\(Voidhash.sdkVersion)")
            #expect(request.header("Idempotency-Key") != nil)
            await voidhash.shutdown()
        }
    }

    @Test func storageTroubleFallsBackToMemoryAndIsReported() async throws {
        try await withSDKHarness { harness in
            try FileManager.default.createDirectory(at: harness.directory, withIntermediateDirectories: true)
            let blocker = harness.directory.appendingPathComponent("not-a-directory")
            try Data("x".utf8).write(to: blocker)
            var options = harness.options()
            options.storageDirectory = blocker.appendingPathComponent("voidhash")
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            let distinctId = await voidhash.getDistinctId()
            #expect(Voidhash.isAnonymousDistinctId(distinctId))
            #expect(harness.diagnosticCodes.contains(.storageUnavailable))
            let state = try await voidhash.setPersonAttributesState(["plan": "pro"])
            #expect(state.status == .confirmed)
            await voidhash.shutdown()
        }
    }
}
