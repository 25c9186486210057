import Dispatch
import Foundation
import SDKRuntime
import Synchronization

/// A small HTTP/1.1 server on the loopback interface, for tests and offline development.
///
/// ```swift
/// let server = EmulatorServer(router: router)
/// let baseURL = try await server.start()          // http://127.0.0.1:<ephemeral port>
/// server.inject(.status(503, code: "UNAVAILABLE"), route: "getPerson", scope: .next(1))
/// ...
/// await server.stop()
/// ```
///
/// Protocol: HTTP/1.1 and 1.0, keep-alive (`Connection: close` honoured), pipelining, bodies by
/// `Content-Length` only (a `Transfer-Encoding` request gets `501`), `Expect: 100-continue`.
/// Refusals before routing get a short text body and close the connection: malformed `400`,
/// too slow `408`, body too large `413`, head too large or too many fields `431`,
/// other HTTP versions `505`. Every connection has its own thread; route handlers run as tasks.
///
/// The server owns its sockets and threads: `stop()` closes them all and returns once every
/// thread has ended, so the port is free again.
public final class EmulatorServer: Sendable {
    private struct Running: Sendable {
        let listener: ListeningSocket
        let wake: WakePipe
        let registry: ConnectionRegistry
        let threads: DispatchGroup
        let baseURL: URL
    }

    private enum Lifecycle: Sendable {
        case idle
        case starting
        case running(Running)
        case stopping
    }

    private let router: Router
    private let limits: ServerLimits
    private let controls: EmulatorControls
    private let lifecycle = Mutex(Lifecycle.idle)

    /// A server for `router`'s routes (the admin API under `/_admin/` comes with it).
    ///
    /// - Parameters:
    ///   - router: the API's routes.
    ///   - adminRouter: the API's own admin routes (seeding and reading its state), mounted
    ///     below `/_admin`, such as `VoidhashEmulator.adminRoutes(state:)`.
    ///   - limits: size limits and timeouts.
    ///   - clock: stamps `receivedAt` and times `.delay` faults.
    ///   - onReset: resets the routes' own state; `reset()` and `POST /_admin/reset` call it.
    public init(
        router: Router = Router(), adminRouter: Router = Router(), limits: ServerLimits = .standard,
        clock: any SDKClock = SystemClock(),
        onReset: @escaping @Sendable () async -> Void = {}
    ) {
        self.router = router
        self.limits = limits
        controls = EmulatorControls(
            log: RequestLog(limits: limits), faults: FaultTable(), holds: HoldGate(),
            clock: clock, adminRouter: adminRouter, onReset: onReset)
    }

    // MARK: Lifecycle

    /// Starts listening on `host` (an IPv4 loopback address) and `port` (0: any free port) and
    /// returns the base URL, such as `http://127.0.0.1:54321`.
    public func start(host: String = "127.0.0.1", port: UInt16 = 0) async throws(EmulatorServerError)
        -> URL
    {
        try lifecycle.withLock { (state) throws(EmulatorServerError) in
            guard case .idle = state else { throw .alreadyRunning }
            state = .starting
        }
        do {
            let running = try open(host: host, port: port)
            lifecycle.withLock { $0 = .running(running) }
            return running.baseURL
        } catch {
            lifecycle.withLock { $0 = .idle }
            throw error
        }
    }

    /// Stops listening, closes every connection (held requests are let go, request tasks are
    /// cancelled), and returns when all of the server's threads have ended. Harmless when the
    /// server is not running (a second, concurrent call returns at once without waiting for the
    /// first). The log and faults survive; the server can be started again.
    public func stop() async {
        let running: Running? = lifecycle.withLock { state in
            guard case .running(let running) = state else { return nil }
            state = .stopping
            return running
        }
        guard let running else { return }
        running.wake.signal()
        running.registry.closeAll()
        controls.holds.close()
        await withCheckedContinuation { continuation in
            // A thread of its own: neither the cooperative pool nor Dispatch's few workers wait.
            Thread {
                running.threads.wait()
                continuation.resume()
            }.start()
        }
        running.listener.close()
        running.wake.close()
        lifecycle.withLock { $0 = .idle }
    }

    /// The base URL while running, else `nil`.
    public var baseURL: URL? {
        lifecycle.withLock { state in
            if case .running(let running) = state { running.baseURL } else { nil }
        }
    }

    /// How many client connections are open now (0 when not running).
    public var connectionCount: Int {
        lifecycle.withLock { state in
            if case .running(let running) = state { running.registry.count } else { 0 }
        }
    }

    // MARK: Request log

    /// The requests that reached routing, in arrival order: those that matched `route` (every
    /// request when `nil`). Admin requests and requests refused before routing are not logged.
    public func requests(route: String? = nil) -> [RecordedRequest] {
        controls.log.entries(route: route)
    }

    /// Empties the request log.
    public func clearRequests() {
        controls.log.clear()
    }

    // MARK: Faults

    /// Makes requests to `route` (every request when `nil`) fail with `fault`, for the requests
    /// `scope` selects. Rules apply in the order added; the first that selects a request wins.
    public func inject(_ fault: Fault, route: String? = nil, scope: FaultScope = .untilCleared) {
        controls.faults.add(FaultRule(route: route, fault: fault, scope: scope))
    }

    /// The active fault rules, in order.
    public var faults: [FaultRule] {
        controls.faults.rules
    }

    /// Removes the fault rules that target `route` (every rule when `nil`).
    public func clearFaults(route: String? = nil) {
        controls.faults.clear(route: route)
    }

    /// Lets the requests held by `.hold` for `route` (every held request when `nil`) go on.
    /// Returns how many were released.
    @discardableResult
    public func release(route: String? = nil) -> Int {
        controls.holds.release(route: route)
    }

    /// The number of requests `.hold` is holding for `route` (all routes when `nil`).
    public func heldCount(route: String? = nil) -> Int {
        controls.holds.heldCount(route: route)
    }

    /// Waits until at least `count` requests are held for `route` (any route when `nil`).
    /// Returns `false` if the waiting task was cancelled, or the server is not running or stops
    /// first (so a test never waits forever on a stopped server).
    @discardableResult
    public func waitUntilHeld(route: String? = nil, count: Int = 1) async -> Bool {
        await controls.holds.waitUntilHeld(route: route, count: count)
    }

    /// Clears the log and all faults, releases held requests, and calls `onReset`.
    public func reset() async {
        await controls.reset()
    }

    // MARK: Private

    private func open(host: String, port: UInt16) throws(EmulatorServerError) -> Running {
        let listener = try ListeningSocket.bind(host: host, port: port)
        let wake: WakePipe
        do {
            wake = try WakePipe()
        } catch {
            listener.close()
            throw error
        }
        let running = Running(
            listener: listener, wake: wake, registry: ConnectionRegistry(capacity: limits.maxConnections),
            threads: DispatchGroup(),
            baseURL: URL(string: "http://\(host):\(listener.port)") ?? URL(fileURLWithPath: "/"))
        controls.holds.open()
        AcceptLoop(
            listener: listener, wake: wake, registry: running.registry,
            dispatcher: RequestDispatcher(router: router, controls: controls), limits: limits,
            threads: running.threads
        ).start()
        return running
    }
}
