import Foundation
import SDKEmulator

#if canImport(Glibc)
    import Glibc
    /// `RLIMIT_NOFILE` as `getrlimit` takes it (an enum of Glibc's on Linux).
    private let RLIMIT_NOFILE_TYPE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#elseif canImport(Darwin)
    import Darwin
    /// `RLIMIT_NOFILE` as `getrlimit` takes it (an `Int32` on Apple platforms).
    private let RLIMIT_NOFILE_TYPE = RLIMIT_NOFILE
#endif

/// Traffic that tries to wear an emulator with the ``sampleRouter()`` routes down, over raw
/// connections: admin clients that never read and idle sockets holding the connection slots.
/// The emulator's tests check what it does under this traffic; the benchmarks time it. Every
/// function blocks: call them inside ``offPool(_:)``.
public enum EmulatorTraffic {
    /// The slowest of `pings` requests to `GET /v1/ping`, while admin clients that never read
    /// wait on a large request log, and again once they have closed.
    ///
    /// The log is filled first with 500 `POST /v1/echo` requests of 4,000 bytes (about 2 MB as
    /// JSON); then 30 connections ask for it (`GET /_admin/requests`) and read nothing, so the
    /// server's writes to them block; then the pings go one after another on a connection of
    /// their own. Throws when a request is not answered `200`.
    public static func slowestPingsWithStalledAdminClients(port: UInt16, pings: Int) throws
        -> (during: Duration, after: Duration)
    {
        let filler = try RawClient(port: port)
        let body = String(repeating: "f", count: 4_000)
        for _ in 0..<500 {
            filler.write(rawRequest("POST", "/v1/echo", body: body))
            try requireOK(filler.readResponse(), "POST /v1/echo")
        }
        var readers = try (0..<30).map { _ in try RawClient(port: port) }
        for reader in readers { reader.write(rawRequest("GET", "/_admin/requests")) }
        let during = try slowestPing(port: port, pings: pings)
        readers.removeAll()
        let after = try slowestPing(port: port, pings: pings)
        return (during, after)
    }

    /// Raises this process's limit of open files to `count` where it is lower and the hard
    /// limit allows (as far as it allows).
    static func raiseOpenFileLimit(toAtLeast count: Int) {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_TYPE, &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        _ = setrlimit(RLIMIT_NOFILE_TYPE, &limit)
    }

    /// Opens `count` connections that send nothing and waits until `server` counts `count`
    /// connections open; throws when it does not within `patience`. The connections stay open
    /// until the returned clients are released. Each takes two descriptors of this process (the
    /// client's and the server's end), so the process's limit is raised first where it is lower
    /// (macOS starts processes at 256).
    public static func idleClients(
        _ count: Int, of server: EmulatorServer, port: UInt16, patience: Duration = .seconds(10)
    ) throws -> [RawClient] {
        raiseOpenFileLimit(toAtLeast: 2 * count + 256)
        let idle = try (0..<count).map { _ in try RawClient(port: port) }
        let deadline = ContinuousClock.now + patience
        while server.connectionCount < count {
            guard ContinuousClock.now < deadline else {
                throw RawClientError(
                    description: "the server counts \(server.connectionCount) of \(count) idle connections")
            }
            usleep(1_000)
        }
        return idle
    }

    /// The longest of `pings` requests to `GET /v1/ping`, one after another on a new connection.
    private static func slowestPing(port: UInt16, pings: Int) throws -> Duration {
        let client = try RawClient(port: port, timeout: .seconds(20))
        let clock = ContinuousClock()
        var slowest = Duration.zero
        for _ in 0..<pings {
            let began = clock.now
            client.write(rawRequest("GET", "/v1/ping"))
            try requireOK(client.readResponse(), "GET /v1/ping")
            slowest = max(slowest, clock.now - began)
        }
        return slowest
    }

    /// Throws unless `response` has status `200`.
    private static func requireOK(_ response: RawResponse, _ request: String) throws {
        guard response.status == 200 else {
            throw RawClientError(description: "\(request) was answered \(response.status)")
        }
    }
}
