import Foundation
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import VoidhashAPI

/// The client side of a fault test, as an app has it: a generated client over `APIClient`, over
/// `RetryingTransport`, over `URLSessionTransport`, talking real HTTP to an emulator on loopback.
///
/// Time runs on two manual clocks, so no test waits for real and each wait is moved on its own:
/// the transport's time limit on `timeoutClock`, the retry layer's waits on `retryClock`.
/// The policy makes two attempts; its back-off before the second is exactly `backoff` (the
/// jitter draw is fixed), unless the server sent `Retry-After`.
struct ClientFaultStack: Sendable {
    /// Two attempts; back-off ceiling 2 s, jitter fixed at one half: one second.
    static let policy = RetryPolicy(maxAttempts: 2, baseDelay: .seconds(2), random: { 0.5 })
    /// The wait before the second attempt when the server named none.
    static let backoff: Duration = .seconds(1)
    /// The transport's time limit for a request, on `timeoutClock`: the default one.
    static let timeout = URLSessionTransport.defaultTimeout

    /// Measures the transport's time limit.
    let timeoutClock: ManualClock
    /// Measures the retry layer's waits.
    let retryClock: ManualClock
    /// `URLSessionTransport` (on `timeoutClock`) inside `RetryingTransport` (on `retryClock`).
    let transport: RetryingTransport
    /// The Mobile Joe identity the stack's requests carry.
    let mobileJoeHeaders = [
        HTTPField(name: "Authorization", value: MobileJoeEmulator.contractAPIKey),
        HTTPField(name: "Identity-Anonymous-ID", value: AnonymousId.make()),
        HTTPField(name: "Identity-Device-ID", value: DeviceId.make()),
    ]

    /// A stack with its own session and clocks.
    init() {
        let timeoutClock = ManualClock()
        let retryClock = ManualClock()
        self.timeoutClock = timeoutClock
        self.retryClock = retryClock
        transport = RetryingTransport(
            URLSessionTransport(timeout: Self.timeout, clock: timeoutClock), clock: retryClock, policy: Self.policy)
    }

    /// The generated Voidhash client for the API at `baseURL`, sending `key`.
    func voidhash(_ baseURL: URL, key: String = VoidhashEmulator.testKey) -> VoidhashClient {
        let headers = [HTTPField(name: "Authorization", value: "Bearer \(key)")]
        return VoidhashClient(
            core: APIClient(baseURL: baseURL, transport: transport, clock: retryClock, headers: { headers }))
    }

    /// The generated Mobile Joe client for the API at `baseURL`, with the stack's identity.
    func mobileJoe(_ baseURL: URL) -> MobileJoeClient {
        let headers = mobileJoeHeaders
        return MobileJoeClient(
            core: APIClient(baseURL: baseURL, transport: transport, clock: retryClock, headers: { headers }))
    }

    /// Waits until the retry layer waits before sending `call`'s request again; `false` when
    /// the call ended instead.
    func retryWaitBegins<Value: Sendable>(in call: Task<Value, Never>) async -> Bool {
        let clock = retryClock
        return await waitFor({ await clock.waitForSleepers(1) }, orEndOf: call)
    }

    /// Waits until the retry layer waits in `call`, checks it is the plain back-off (still
    /// waiting just before it ends), then lets it end. Returns whether all of that held.
    func passBackoff<Value: Sendable>(of call: Task<Value, Never>) async -> Bool {
        guard await retryWaitBegins(in: call) else { return false }
        retryClock.advance(by: Self.backoff - .milliseconds(1))
        let stillWaiting = retryClock.sleeperCount == 1
        retryClock.advance(by: .milliseconds(1))
        return stillWaiting && retryClock.sleeperCount == 0
    }

    /// Waits until the transport's time limit runs for `call`'s request, then lets it run out;
    /// `false` when the call ended instead.
    func passTimeout<Value: Sendable>(of call: Task<Value, Never>) async -> Bool {
        let clock = timeoutClock
        guard await waitFor({ await clock.waitForSleepers(1) }, orEndOf: call) else { return false }
        timeoutClock.advance(by: Self.timeout)
        return true
    }
}

/// Runs `body` against a fresh Mobile Joe emulator with sample content, then stops it.
func withMobileJoeEmulator(
    _ body: (EmulatorServer, MobileJoeEmulatorState, URL) async throws -> Void
) async throws {
    let state = MobileJoeEmulatorState.withSampleContent()
    let server = try MobileJoeEmulator.makeServer(state: state)
    let baseURL = try await server.start()
    do {
        try await body(server, state, baseURL)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// Runs `body` with the base URL of a loopback port where nothing listens: the port is held by
/// a socket that is bound but never listens, so a connection is refused, and no other test's
/// server can take the port meanwhile (a server started and stopped again freed it, and in a
/// full run another emulator sometimes bound it and answered).
func withUnreachableBaseURL(_ body: (URL) async throws -> Void) async throws {
    let descriptor = socket(AF_INET, streamSocketType, 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    let port = UInt16(bigEndian: address.sin_port)
    try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
}
