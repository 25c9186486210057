import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Fault injection", .timeLimit(.minutes(3)))
struct FaultTests {
    /// Sends `count` GET requests to `path` on one keep-alive connection; returns the statuses.
    private func statuses(_ count: Int, _ path: String, port: UInt16) async throws -> [Int] {
        try await offPool {
            // Answers are expected: a minute only bounds a hang (see `exchange`).
            let client = try RawClient(port: port, timeout: .seconds(60))
            return try (0..<count).map { _ in
                client.write(rawRequest("GET", path))
                return try client.readResponse().status
            }
        }
    }

    @Test func delayWaitsOnTheServersClockThenAnswers() async throws {
        let clock = RecordingClock(date: Date(timeIntervalSince1970: 1_800_000_000))
        let server = EmulatorServer(router: try sampleRouter(), clock: clock)
        let url = try await server.start()
        server.inject(.delay(.milliseconds(1500)), route: "ping", scope: .next(1))
        #expect(try await statuses(2, "/v1/ping", port: url.serverPort) == [200, 200])
        #expect(await clock.sleeps.durations == [.milliseconds(1500)])
        #expect(server.requests().map(\.fault) == [.delay(.milliseconds(1500)), nil])
        await server.stop()
    }

    @Test func delayTakesRealTimeWithTheSystemClock() async throws {
        try await withServer { server, url throws in
            server.inject(.delay(.milliseconds(60)), route: "ping")
            let started = ContinuousClock.now
            let status = try await fetch(url, "/v1/ping").status
            #expect(ContinuousClock.now - started >= .milliseconds(60))
            #expect(status == 200)
        }
    }

    @Test func holdWaitsForRelease() async throws {
        try await withServer { server, url throws in
            server.inject(.hold, route: "ping", scope: .next(1))
            let held = Task { try await fetch(url, "/v1/ping") }
            #expect(await server.waitUntilHeld(route: "ping"))
            #expect(server.heldCount(route: "ping") == 1)
            #expect(server.heldCount(route: "echo") == 0)
            #expect(try await fetch(url, "/v1/ping").status == 200)  // only the next request was held
            #expect(server.release(route: "echo") == 0)
            #expect(server.release(route: "ping") == 1)
            let response = try await held.value
            #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self) == "pong")
            #expect(server.heldCount() == 0)
        }
    }

    @Test func releaseWithoutRouteReleasesEveryHeldRequest() async throws {
        try await withServer { server, url throws in
            server.inject(.hold)
            let first = Task {
                try await exchange(rawRequest("GET", "/v1/ping", close: true), port: url.serverPort)
            }
            let second = Task {
                try await exchange(rawRequest("GET", "/v1/nowhere", close: true), port: url.serverPort)
            }
            #expect(await server.waitUntilHeld(count: 2))
            #expect(server.release() == 2)
            let answers = [try await first.value, try await second.value]
            #expect(answers[0].hasPrefix("HTTP/1.1 200 "))
            #expect(answers[1].hasPrefix("HTTP/1.1 404 "))
        }
    }

    @Test func waitUntilHeldReturnsFalseWhenCancelled() async throws {
        try await withServer { server, _ throws in
            let waiter = Task { await server.waitUntilHeld(route: "ping") }
            waiter.cancel()
            #expect(await waiter.value == false)
        }
    }

    @Test func dropConnectionClosesWithoutAnswer() async throws {
        try await withServer { server, url throws in
            server.inject(.dropConnection, route: "echo", scope: .next(1))
            let answer = try await exchange(
                rawRequest("POST", "/v1/echo", body: "lost"), port: url.serverPort)
            #expect(answer.isEmpty)
            server.inject(.dropConnection, route: "ping")
            await #expect(throws: (any Error).self) { try await fetch(url, "/v1/ping") }
            #expect(server.requests(route: "echo").map(\.fault) == [.dropConnection])
        }
    }

    @Test func dropAfterHeadersTruncatesTheBody() async throws {
        try await withServer { server, url throws in
            server.inject(.dropAfterHeaders, route: "echo")
            let answer = try await exchange(
                rawRequest("POST", "/v1/echo", body: "0123456789"), port: url.serverPort)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(answer.contains("Content-Length: 10\r\n"))
            #expect(answer.hasSuffix("\r\n\r\n01234"))
            let empty = try await exchange(rawRequest("POST", "/v1/echo"), port: url.serverPort)
            #expect(empty.contains("Content-Length: 1\r\n") && empty.hasSuffix("\r\n\r\n"))
            await #expect(throws: (any Error).self) {
                try await fetch(url, "/v1/echo", method: "POST", body: Data("0123456789".utf8))
            }
        }
    }

    @Test func statusWithCodeAndRetryAfter() async throws {
        try await withServer { server, url throws in
            server.inject(
                .status(503, code: "UNAVAILABLE", retryAfter: "2"), route: "ping", scope: .next(1))
            let (status, body, response) = try await fetch(url, "/v1/ping")
            #expect(status == 503)
            #expect(response.value(forHTTPHeaderField: "Retry-After") == "2")
            #expect(
                try JSONDecoder().decode(EmulatorErrorBody.self, from: body).error.code == "UNAVAILABLE")
            server.inject(.status(429), route: "ping", scope: .next(1))
            let bare = try await fetch(url, "/v1/ping")
            #expect(bare.status == 429 && bare.body.isEmpty)
            #expect(try await fetch(url, "/v1/ping").status == 200)
        }
    }

    @Test func malformedBodyIsNotJSON() async throws {
        try await withServer { server, url throws in
            server.inject(.malformedBody, route: "getPerson")
            let (status, body, response) = try await fetch(url, "/v1/people/x")
            #expect(status == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: body) }
        }
    }

    @Test func rejectKeyIs401AuthenticationFailed() async throws {
        try await withServer { server, url throws in
            server.inject(.rejectKey)
            let (status, body, _) = try await fetch(url, "/v1/people/x")
            #expect(status == 401)
            #expect(
                try JSONDecoder().decode(EmulatorErrorBody.self, from: body).error.code
                    == "AUTHENTICATION_FAILED")
            #expect(try await fetch(url, "/v1/unrouted").status == 401)  // a rule without route covers all
            #expect(try await fetch(url, "/_admin/faults").status == 200)  // but never the admin API
        }
    }

    @Test func nextCountsDownAndUntilClearedLasts() async throws {
        try await withServer { server, url throws in
            server.inject(.status(500), route: "ping", scope: .next(2))
            server.inject(.status(502), route: "getPerson")
            #expect(try await statuses(3, "/v1/ping", port: url.serverPort) == [500, 500, 200])
            #expect(try await statuses(3, "/v1/people/a", port: url.serverPort) == [502, 502, 502])
            #expect(
                server.faults == [FaultRule(route: "getPerson", fault: .status(502), scope: .untilCleared)])
            server.clearFaults(route: "ping")
            #expect(server.faults.count == 1)
            server.clearFaults(route: "getPerson")
            #expect(try await statuses(1, "/v1/people/a", port: url.serverPort) == [200])
        }
    }

    @Test func rulesApplyInOrderFirstMatchWins() async throws {
        try await withServer { server, url throws in
            server.inject(.status(503), route: "ping", scope: .next(1))
            server.inject(.status(500))
            #expect(try await statuses(2, "/v1/ping", port: url.serverPort) == [503, 500])
            #expect(server.faults.count == 1)
            server.clearFaults()
            #expect(server.faults.isEmpty)
        }
    }

    @Test func failFractionIsDeterministicForASeed() async throws {
        var generator = SeededRandomNumberGenerator(seed: 42)
        let expected = (0..<40).map { _ in generator.nextUnitInterval() < 0.3 ? 500 : 200 }
        for _ in 0..<2 {
            try await withServer { server, url throws in
                server.inject(.status(500), route: "ping", scope: .failFraction(0.3, seed: 42))
                #expect(try await statuses(40, "/v1/ping", port: url.serverPort) == expected)
            }
        }
        #expect((4...20).contains(expected.count { $0 == 500 }))
    }
}
