import Foundation
import SDKEmulator
import SDKRuntime
import Synchronization
import TestSupport
import Voidhash
import VoidhashAPI

/// Values a callback received, in order (safe to append from any thread).
final class Recorded<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    /// Appends `value`.
    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    /// Everything received so far.
    var all: [Value] {
        values.withLock { $0 }
    }
}

/// A Voidhash emulator on loopback HTTP, the clocks of both sides, and a storage directory, for
/// SDK instances under test.
///
/// The SDK's clock and the emulator's clock are separate `ManualClock`s starting at the same
/// instant: moving the SDK's time (to make a snapshot stale, or end a wait) does not move the
/// emulator's, which alone decides which perks are active.
struct SDKHarness: Sendable {
    /// The SDK's clock: every time limit of the SDK runs on it.
    let clock: ManualClock
    /// The emulator's clock.
    let serverClock: ManualClock
    /// The emulator's data.
    let state: VoidhashEmulatorState
    /// The running emulator.
    let server: EmulatorServer
    /// Where it listens.
    let baseURL: URL
    /// The SDK's storage directory (shared by every instance of the test, like one device).
    let directory: URL
    /// The simulated store, shared by every instance of the test.
    let store: SimulatedPurchaseSource
    /// Diagnostics reported by any instance.
    let diagnostics = Recorded<VoidhashDiagnostic>()
    /// Warnings reported by any instance.
    let warnings = Recorded<VoidhashWarning>()

    /// Options for an instance on this device; requests go through ``loopbackTransport()``, so
    /// neither moving the SDK's clock nor a busy machine times a request out.
    func options(
        distinctId: String? = nil, consent: VoidhashAnalyticsConsent? = nil, directory: URL? = nil
    ) -> VoidhashOptions {
        let diagnostics = diagnostics
        let warnings = warnings
        return VoidhashOptions(
            distinctId: distinctId, baseURL: baseURL, storageDirectory: directory ?? self.directory,
            transport: loopbackTransport(), clock: clock,
            analyticsConsent: consent, purchaseSource: store,
            onWarning: { warnings.append($0) }, onDiagnostic: { diagnostics.append($0) })
    }

    /// A new instance on this device (a new launch of the app).
    func launch(
        key: String = VoidhashEmulator.testKey, distinctId: String? = nil,
        consent: VoidhashAnalyticsConsent? = nil
    ) throws -> Voidhash {
        try Voidhash(publishableKey: key, options: options(distinctId: distinctId, consent: consent))
    }

    /// The codes of the diagnostics reported so far.
    var diagnosticCodes: [VoidhashDiagnostic.Code] {
        diagnostics.all.map(\.code)
    }

    /// The requests that reached `operation`'s route.
    func requests(_ operation: VoidhashOperation) -> [RecordedRequest] {
        server.requests(route: VoidhashEmulator.routeName(for: operation))
    }

    /// Makes requests to `operation` (every route when `nil`) fail with `fault`.
    func inject(_ fault: Fault, into operation: VoidhashOperation? = nil, scope: FaultScope = .untilCleared) {
        server.inject(fault, route: operation.map(VoidhashEmulator.routeName(for:)), scope: scope)
    }

    /// Waits until a request to `operation` is held by a `.hold` fault.
    func waitUntilHeld(_ operation: VoidhashOperation, count: Int = 1) async {
        await server.waitUntilHeld(route: VoidhashEmulator.routeName(for: operation), count: count)
    }

    /// Lets held requests to `operation` go on.
    func release(_ operation: VoidhashOperation) {
        server.release(route: VoidhashEmulator.routeName(for: operation))
    }

    /// Delivers everything queued on this device by instances sharing the storage: flushes each
    /// in turn. A flush ends at once while another instance holds the delivery claim, so each
    /// instance's flush comes after the others', and none is draining afterwards.
    func deliverAll(_ instances: Voidhash...) async {
        for voidhash in instances { await voidhash.flush() }
    }

    /// Lets `voidhash` finish its current delivery attempt, moves the SDK's clock past any
    /// back-off, and waits for the next attempt.
    func retryDelivery(_ voidhash: Voidhash) async {
        await voidhash.flush()
        clock.advance(by: .seconds(301))
        await voidhash.flush()
    }
}

/// The instant both clocks start at: 2026-11-29T10:00:00Z.
let sdkTestEpoch = Date(timeIntervalSince1970: 1_795_946_400)

/// Runs `body` with a fresh emulator and an empty storage directory, then stops the emulator
/// and removes the directory.
func withSDKHarness(_ body: (SDKHarness) async throws -> Void) async throws {
    let serverClock = ManualClock(now: sdkTestEpoch)
    let state = VoidhashEmulatorState(clock: serverClock)
    let server = VoidhashEmulator.makeServer(state: state)
    let baseURL = try await server.start()
    let clock = ManualClock(now: sdkTestEpoch)
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("voidhash-sdk-tests-\(UUID().uuidString)", isDirectory: true)
    let harness = SDKHarness(
        clock: clock, serverClock: serverClock, state: state, server: server, baseURL: baseURL,
        directory: directory, store: SimulatedPurchaseSource(clock: clock))
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try await body(harness)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// The `VoidhashError` `body` throws, or `nil` when it throws none.
func voidhashError<Value>(_ body: () async throws -> Value) async -> VoidhashError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? VoidhashError
    }
}

/// What `read` returns, or `nil` when it has not returned by the time `eventually` gives up: for
/// reads that must answer without waiting, so that one that waits fails the test instead of
/// hanging the run (a time limit cannot end a wait that ignores cancellation).
func promptly<Value: Sendable>(_ read: @escaping @Sendable () async -> Value) async -> Value? {
    let answers = Recorded<Value>()
    let reading = Task { answers.append(await read()) }
    guard await eventually({ !answers.all.isEmpty }) else {
        reading.cancel()
        return nil
    }
    return answers.all.first
}
