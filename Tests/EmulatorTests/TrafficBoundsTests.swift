import Foundation
import SDKEmulator
import SDKHashing
import SDKRuntime
import TestSupport
import Testing

/// The bounds that keep bounded traffic from wearing the emulator down: a request log bounded by
/// bytes, handlers that do not wait for one another, and connection slots that go to clients
/// that send requests.
@Suite("Traffic bounds", .timeLimit(.minutes(3)))
struct TrafficBoundsTests {
    @Test("a body longer than the log keeps is logged as its length and SHA-256; the handler still gets it whole")
    func aLongBodyIsLoggedAsItsLengthAndDigest() async throws {
        try await withServer(limits: ServerLimits(maxLoggedBodyBytes: 1024)) { server, url in
            let long = String(repeating: "l", count: 1025)
            let atTheLimit = String(repeating: "k", count: 1024)
            let answers = try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(
                    rawRequest("POST", "/v1/echo", body: long) + rawRequest("POST", "/v1/echo", body: atTheLimit))
                return try [client.readResponse(), client.readResponse()]
            }
            #expect(answers.map(\.text) == [long, atTheLimit])
            let log = server.requests()
            #expect(log[0].request.body.isEmpty)
            #expect(log[0].omittedBody == OmittedBody(of: Data(long.utf8)))
            #expect(log[0].omittedBody?.length == 1025)
            #expect(log[0].omittedBody?.sha256 == SHA256Hash.hex(of: Data(long.utf8)))
            #expect(log[1].request.body == Data(atTheLimit.utf8))
            #expect(log[1].omittedBody == nil)
        }
    }

    @Test("the log forgets its oldest entries once their bytes pass the bound, and keeps the newest")
    func theLogIsBoundedByBytes() async throws {
        let limits = ServerLimits(maxLoggedBytes: 5_000, maxLoggedBodyBytes: 8_000)
        try await withServer(limits: limits) { server, url in
            let body = String(repeating: "b", count: 1_000)
            _ = try await offPool {
                let client = try RawClient(port: url.serverPort)
                return try (0..<10).map { _ in
                    client.write(rawRequest("POST", "/v1/echo", body: body))
                    return try client.readResponse().status
                }
            }
            let kept = server.requests().map(\.sequence)
            // Each entry costs its 1,000-byte body and more, so at most four fit in 5,000 bytes.
            #expect((2...4).contains(kept.count), "kept \(kept)")
            #expect(kept == Array((11 - kept.count)...10))

            let huge = String(repeating: "h", count: 6_000)  // alone past the bound: still kept
            _ = try await fetch(url, "/v1/echo", method: "POST", body: Data(huge.utf8))
            #expect(server.requests().map(\.sequence) == [11])
        }
    }

    /// Empty query items hold no text but take memory: each counts toward the bound.
    @Test("a request of many empty query items counts each toward the log's bytes")
    func emptyQueryItemsCountTowardTheBound() async throws {
        let limits = ServerLimits(maxLoggedBytes: 5_000)
        try await withServer(limits: limits) { server, url in
            let path = "/v1/ping?" + String(repeating: "=&", count: 100)
            _ = try await offPool {
                let client = try RawClient(port: url.serverPort)
                return try (0..<3).map { _ in
                    client.write(rawRequest("GET", path))
                    return try client.readResponse().status
                }
            }
            // 100 items of 64 bytes each pass 5,000 bytes alone: only the newest entry is kept.
            #expect(server.requests().map(\.sequence) == [3])
        }
    }

    /// Requests a hold keeps waiting fill every slot; the admin API must still answer, or the
    /// test could never release them. Anything else is refused as a full server refuses it.
    @Test("with every slot taken by held requests, the admin API still answers and other requests get 503")
    func theAdminAPIAnswersWhenHeldRequestsFillEverySlot() async throws {
        try await withServer(limits: ServerLimits(maxConnections: 2)) { server, url in
            server.inject(.hold)
            let port = url.serverPort
            let held = (0..<2).map { _ in
                Task { try await exchange(rawRequest("GET", "/v1/ping", close: true), port: port) }
            }
            #expect(await server.waitUntilHeld(count: 2))
            let refused = try await exchange(rawRequest("GET", "/v1/ping", close: true), port: port)
            #expect(refused.hasPrefix("HTTP/1.1 503 "), "\(refused.prefix(40))")
            let faults = try await exchange(rawRequest("GET", "/_admin/faults", close: true), port: port)
            #expect(faults.hasPrefix("HTTP/1.1 200 "), "\(faults.prefix(40))")
            let release = try await exchange(rawRequest("POST", "/_admin/release", close: true), port: port)
            #expect(release.hasPrefix("HTTP/1.1 200 "), "\(release.prefix(40))")
            for request in held { #expect(try await request.value.hasPrefix("HTTP/1.1 200 ")) }
        }
    }

    @Test("a client that sends a request gets a slot when every slot is held by an idle socket")
    func idleSocketsMakeRoomForAClientWithARequest() async throws {
        let limits = ServerLimits.standard
        try await withServer(limits: limits) { server, url in
            let outcome = try await offPool { () -> (status: Int, oldestClosed: Bool, newestOpen: Bool) in
                let idle = try EmulatorTraffic.idleClients(limits.maxConnections, of: server, port: url.serverPort)
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("GET", "/v1/ping"))
                let status = try client.readResponse().status
                let newest = idle[idle.count - 1]
                newest.write(rawRequest("GET", "/v1/ping"))
                return (status, idle[0].isClosedByServer(), (try? newest.readResponse().status) == 200)
            }
            #expect(outcome.status == 200)
            #expect(outcome.oldestClosed, "the socket idle longest gives up its slot")
            #expect(outcome.newestOpen, "the other idle sockets are left alone")
        }
    }

    @Test("thirty admin clients that ask for a large request log and never read do not delay the routes")
    func adminClientsThatDoNotReadDoNotDelayTheRoutes() async throws {
        try await withServer { _, url in
            let slowest = try await offPool {
                try EmulatorTraffic.slowestPingsWithStalledAdminClients(port: url.serverPort, pings: 10)
            }
            // A bounded wait, not a performance figure: one after another, the admin answers
            // alone took over ten seconds here (the bound leaves room for the sanitizer's run).
            #expect(slowest.during < .seconds(5), "slowest ping while they wait: \(slowest.during)")
            #expect(slowest.after < .seconds(5), "slowest ping after they left: \(slowest.after)")
        }
    }
}
