import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Voidhash
import VoidhashAPI

/// A Voidhash emulator on loopback, a manual clock for the SDK, a storage directory and a
/// simulated store, for Voidhash instances under test in this process.
struct VoidhashHarness: Sendable {
    /// The SDK's clock: every wait and back-off of the SDK runs on it.
    let clock: ManualClock
    /// The emulator's data.
    let state: VoidhashEmulatorState
    /// The running emulator.
    let server: EmulatorServer
    /// Where it listens.
    let baseURL: URL
    /// The SDK's storage directory.
    let directory: URL
    /// The simulated store.
    let store: SimulatedPurchaseSource
    /// Diagnostics reported by any instance.
    let diagnostics = Recorded<VoidhashDiagnostic>()

    /// Options for an instance storing in `directory` (the harness's by default); requests use
    /// ``loopbackTransport()``, so neither moving the SDK's clock nor a busy machine times a
    /// request out.
    func options(directory: URL? = nil) -> VoidhashOptions {
        let diagnostics = diagnostics
        return VoidhashOptions(
            baseURL: baseURL, storageDirectory: directory ?? self.directory,
            transport: loopbackTransport(), clock: clock, purchaseSource: store,
            onDiagnostic: { diagnostics.append($0) })
    }

    /// A new instance (a launch of the app).
    func launch(directory: URL? = nil) throws -> Voidhash {
        try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options(directory: directory))
    }

    /// The codes of the diagnostics reported so far.
    var diagnosticCodes: [VoidhashDiagnostic.Code] {
        diagnostics.all.map(\.code)
    }
}

/// The instant the SDK's clock starts at: 2026-11-29T10:00:00Z.
let harnessEpoch = Date(timeIntervalSince1970: 1_795_946_400)

/// Runs `body` with a fresh emulator and an empty storage directory, then stops the emulator
/// and removes the directory.
func withVoidhashHarness(_ body: (VoidhashHarness) async throws -> Void) async throws {
    let state = VoidhashEmulatorState(clock: ManualClock(now: harnessEpoch))
    let server = VoidhashEmulator.makeServer(state: state)
    let baseURL = try await server.start()
    let clock = ManualClock(now: harnessEpoch)
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("voidhash-reliability-\(UUID().uuidString)", isDirectory: true)
    let harness = VoidhashHarness(
        clock: clock, state: state, server: server, baseURL: baseURL, directory: directory,
        store: SimulatedPurchaseSource(clock: clock))
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try await body(harness)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
