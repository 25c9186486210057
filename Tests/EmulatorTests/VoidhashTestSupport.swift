import Foundation
import SDKEmulator
import SDKRuntime
import VoidhashAPI

/// A started Voidhash emulator on a manual clock, and ways to call it over real loopback HTTP.
struct VoidhashHarness {
    /// The emulator's clock: tests move time with `advance(by:)`.
    let clock: ManualClock
    /// The emulator's state, for seeding and reading.
    let state: VoidhashEmulatorState
    /// The running server.
    let server: EmulatorServer
    /// Where it listens.
    let baseURL: URL
    /// One transport for every client of the test.
    let transport = URLSessionTransport()

    /// The generated client, authorized with `key` (the test key by default).
    func client(key: String = VoidhashEmulator.testKey) -> VoidhashClient {
        VoidhashClient(core: APIClient(baseURL: baseURL, transport: transport, headers: { Self.authorization(key) }))
    }

    /// Sends a request as built, without any header added, and returns the raw response.
    func send(
        _ method: String, _ path: String, headers: [HTTPField] = [], body: String? = nil
    ) async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, path: path, isSafeToRepeat: true)
        request.headers = headers
        request.body = body.map { Data($0.utf8) }
        return try await transport.send(request, to: baseURL)
    }

    /// `Authorization: Bearer <key>`.
    static func authorization(_ key: String) -> [HTTPField] {
        [HTTPField(name: "Authorization", value: "Bearer \(key)")]
    }
}

/// Runs `body` against a fresh Voidhash emulator whose clock starts at `now`, then stops it.
func withVoidhashEmulator(
    now: Date = voidhashTestEpoch, _ body: (VoidhashHarness) async throws -> Void
) async throws {
    let clock = ManualClock(now: now)
    let state = VoidhashEmulatorState(clock: clock)
    let server = VoidhashEmulator.makeServer(state: state)
    let baseURL = try await server.start()
    let harness = VoidhashHarness(clock: clock, state: state, server: server, baseURL: baseURL)
    do {
        try await body(harness)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// The emulator clock's start in these tests: 2026-11-29T10:00:00Z.
let voidhashTestEpoch = Date(timeIntervalSince1970: 1_795_946_400)

/// A fresh anonymous distinct ID.
func anonymousId() -> String {
    AnonymousDistinctId.make()
}

/// A fresh idempotency key.
func idempotencyKey() -> String {
    UUID().uuidString
}

/// The error `body` throws as an `APIError`, or `nil` when it throws nothing (or something else).
func apiError<Value>(_ body: () async throws -> Value) async -> APIError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? APIError
    }
}
