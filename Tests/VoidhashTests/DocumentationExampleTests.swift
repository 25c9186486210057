import Foundation
import SDKEmulator
import Testing
import Voidhash

/// The example of the DocC article "Testing against the emulator"
/// (`Sources/Voidhash/Voidhash.docc/TestingWithTheEmulator.md`), run as it is written there.
@Suite("Documentation examples", .timeLimit(.minutes(3)))
struct DocumentationExampleTests {
    @Test func premiumUnlocksAfterAPurchase() async throws {
        let emulator = VoidhashEmulator.makeServer()
        let baseURL = try await emulator.start()  // http://127.0.0.1:<free port>
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)

        let store = SimulatedPurchaseSource()
        let voidhash = try Voidhash(
            publishableKey: VoidhashEmulator.testKey,
            options: VoidhashOptions(baseURL: baseURL, storageDirectory: folder, purchaseSource: store))
        store.purchase(productId: "pro_monthly")
        let person = try await voidhash.syncPurchases()
        #expect(person?.hasActivePerk("premium") == true)

        await voidhash.shutdown()
        await emulator.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
