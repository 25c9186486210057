import Foundation
import SDKEmulator
import SDKRuntime
import Voidhash
import VoidhashAPI

/// A Voidhash instance talking to a fresh emulator over loopback, signed in as a person who
/// bought `pro_monthly` (the `premium` perk), with its storage in the scratch folder.
struct VoidhashFixture {
    /// The signed-in user.
    static let userId = "user_bench"

    /// The emulator's state.
    let state: VoidhashEmulatorState
    /// The running emulator.
    let server: EmulatorServer
    /// The SDK instance.
    let voidhash: Voidhash

    /// Starts the emulator and an instance whose storage lives in `scratch/<name>`.
    static func start(_ context: BenchmarkContext, name: String) async throws -> VoidhashFixture {
        let state = VoidhashEmulatorState()
        state.seedPerson(VoidhashPersonSeed(distinctId: userId, email: "ada@example.com"))
        try state.seedPurchase(
            PurchaseRecord(
                distinctId: userId, productId: "pro_monthly", transactionId: "2000000001",
                environment: .simulated, purchasedAt: state.now))
        let server = VoidhashEmulator.makeServer(state: state)
        let baseURL = try await server.start()
        do {
            let voidhash = try Voidhash(
                publishableKey: VoidhashEmulator.testKey,
                options: VoidhashOptions(
                    distinctId: userId, baseURL: baseURL,
                    storageDirectory: context.scratch.appendingPathComponent(name), lifecycleEvents: false))
            return VoidhashFixture(state: state, server: server, voidhash: voidhash)
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Runs `body` with a started fixture and stops it afterwards, whether `body` threw or not.
    static func with<T>(
        _ context: BenchmarkContext, name: String, _ body: (VoidhashFixture) async throws -> T
    ) async throws -> T {
        let fixture = try await start(context, name: name)
        do {
            let result = try await body(fixture)
            await fixture.stop()
            return result
        } catch {
            await fixture.stop()
            throw error
        }
    }

    /// Shuts the instance down and stops the emulator.
    func stop() async {
        await voidhash.shutdown()
        await server.stop()
    }
}
