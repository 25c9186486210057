import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// Run alone with `swift test --sanitize=thread --filter VoidhashStressTests`.
@Suite("VoidhashStressTests", .timeLimit(.minutes(2)))
struct VoidhashStressTests {
    @Test func hundredTasksCallingIdentifyAttributesPersonAndSignOutEndConsistent() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        switch index % 4 {
                        case 0: _ = try? await voidhash.identifyState(externalUserId: "user_\(index % 7)")
                        case 1: _ = try? await voidhash.setPersonAttributesState(["n": .number(Double(index))])
                        case 2: _ = try? await voidhash.getCurrentPersonState()
                        default: await voidhash.signOut()
                        }
                    }
                }
            }
            await voidhash.flush()
            #expect(await voidhash.pendingDeliveryCount() == 0)
            let distinctId = await voidhash.getDistinctId()
            let state = try await voidhash.getCurrentPersonState(forceFetch: true)
            #expect(!state.isStale)
            if let person = state.value {
                #expect(person.distinctId == distinctId)
            }
            #expect(harness.state.links.values.allSatisfy { $0.hasPrefix("user_") })
            #expect(harness.state.events.filter { $0.event == "$sign_out" }.count == 25)
            #expect(!harness.diagnosticCodes.contains(.storageWriteFailed))
            await voidhash.shutdown()
            let relaunched = try harness.launch()
            #expect(await relaunched.getDistinctId() == distinctId)
            await relaunched.shutdown()
        }
    }
}
