import Foundation
import SDKEmulator
import TestSupport

/// The in-process emulator under traffic that tries to wear it down, over raw loopback
/// connections (`TestSupport.EmulatorTraffic`, the scenarios of its traffic-bounds tests): how
/// slow an API request gets while admin clients that never read wait on a large request log,
/// once they closed, and while idle sockets hold every connection slot. Each run uses a new
/// server with the tests' sample routes.
enum EmulatorBenchmarks {
    private static let group = "emulator"
    /// The requests timed one after another in each run; a figure is the slowest of them.
    private static let pings = 100

    /// Measures every emulator figure.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        let runs = context.samples(5, quick: 2)
        context.log("emulator: \(pings) pings around 30 admin clients that never read, \(runs) runs")
        var during: [Double] = []
        var after: [Double] = []
        for _ in 0..<runs {
            let slowest = try await slowestPingsWithStalledAdminClients()
            during.append(Sampler.milliseconds(slowest.during))
            after.append(Sampler.milliseconds(slowest.after))
        }
        let slots = ServerLimits.standard.maxConnections
        context.log("emulator: a request while \(slots) idle sockets hold every slot, \(runs) runs")
        var crowded: [Double] = []
        for _ in 0..<runs { crowded.append(Sampler.milliseconds(try await requestPastIdleSockets())) }
        let stalled =
            "each run: the log filled with 500 POST /v1/echo of 4,000 bytes, then 30 raw connections send "
            + "GET /_admin/requests (about 2 MB of JSON) and never read; the \(pings) pings are GET /v1/ping "
            + "one after another on a connection of their own"
        return [
            Figure(
                group: group, name: "slowest of \(pings) pings, 30 admin clients not reading", unit: .milliseconds,
                values: during, target: .under(100), note: stalled),
            Figure(
                group: group, name: "slowest of \(pings) pings after those 30 clients closed", unit: .milliseconds,
                values: after, target: .under(100), note: stalled),
            Figure(
                group: group, name: "a request while \(slots) idle sockets hold every slot", unit: .milliseconds,
                values: crowded, target: .under(1_000),
                note: "ServerLimits.standard; timed from connecting to the whole response of GET /v1/ping, "
                    + "which takes the slot of the socket idle longest"),
        ]
    }

    /// One run of the admin-clients scenario on a new server.
    private static func slowestPingsWithStalledAdminClients() async throws -> (during: Duration, after: Duration) {
        var slowest: (during: Duration, after: Duration)?
        try await withServer { _, url in
            slowest = try await offPool {
                try EmulatorTraffic.slowestPingsWithStalledAdminClients(port: url.serverPort, pings: pings)
            }
        }
        guard let slowest else { throw RawClientError(description: "the admin-clients scenario did not run") }
        return slowest
    }

    /// How long one request takes, from connecting to its whole response, on a new server whose
    /// every connection slot is held by an idle socket.
    private static func requestPastIdleSockets() async throws -> Duration {
        let limits = ServerLimits.standard
        var elapsed: Duration?
        try await withServer(limits: limits) { server, url in
            elapsed = try await offPool {
                let idle = try EmulatorTraffic.idleClients(limits.maxConnections, of: server, port: url.serverPort)
                let began = ContinuousClock.now
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("GET", "/v1/ping"))
                let status = try client.readResponse().status
                let took = ContinuousClock.now - began
                guard status == 200 else { throw RawClientError(description: "GET /v1/ping was answered \(status)") }
                withExtendedLifetime(idle) {}  // every slot stays held until the answer is in
                return took
            }
        }
        guard let elapsed else { throw RawClientError(description: "the idle-sockets scenario did not run") }
        return elapsed
    }
}
