import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts calls of the reset hook.
actor ResetCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}

@Suite("Admin API", .timeLimit(.minutes(3)))
struct AdminTests {
    private struct RequestList: Decodable { var requests: [RecordedRequest] }
    private struct FaultList: Decodable { var faults: [FaultRule] }

    private func post(_ url: URL, _ path: String, json: String = "") async throws -> (
        status: Int, body: Data
    ) {
        let (status, body, _) = try await fetch(url, path, method: "POST", body: Data(json.utf8))
        return (status, body)
    }

    @Test func requestsEndpointMatchesTheInProcessLog() async throws {
        try await withServer { server, url throws in
            _ = try await fetch(url, "/v1/ping")
            _ = try await fetch(url, "/v1/echo", method: "POST", body: Data("payload".utf8))
            let (status, body, response) = try await fetch(url, "/_admin/requests")
            #expect(status == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let listed = try JSONDecoder().decode(RequestList.self, from: body).requests
            let local = server.requests()
            #expect(listed.map(\.sequence) == local.map(\.sequence))
            #expect(listed.map(\.route) == ["ping", "echo"])
            #expect(listed.map(\.request.body) == local.map(\.request.body))
            #expect(listed.map(\.request.headers) == local.map(\.request.headers))

            let filtered = try JSONDecoder().decode(
                RequestList.self, from: try await fetch(url, "/_admin/requests?route=echo").body)
            #expect(filtered.requests.map(\.route) == ["echo"])

            #expect(try await fetch(url, "/_admin/requests", method: "DELETE").status == 204)
            #expect(server.requests().isEmpty)
        }
    }

    @Test func faultsCanBeAddedListedAndCleared() async throws {
        try await withServer { server, url throws in
            let added = try await post(
                url, "/_admin/faults",
                json:
                    #"{"route": "ping", "fault": {"kind": "status", "status": 503, "code": "UNAVAILABLE", "retryAfter": "3"}, "times": 1}"#
            )
            #expect(added.status == 201)
            #expect(try JSONDecoder().decode(FaultList.self, from: added.body).faults.count == 1)
            _ = try await post(
                url, "/_admin/faults",
                json: #"{"route": "echo", "fault": {"kind": "delay", "milliseconds": 5}}"#)
            _ = try await post(
                url, "/_admin/faults",
                json: #"{"fault": {"kind": "rejectKey"}, "fraction": 0.0, "seed": 9}"#)
            #expect(
                server.faults == [
                    FaultRule(
                        route: "ping", fault: .status(503, code: "UNAVAILABLE", retryAfter: "3"),
                        scope: .next(1)),
                    FaultRule(route: "echo", fault: .delay(.milliseconds(5))),
                    FaultRule(route: nil, fault: .rejectKey, scope: .failFraction(0, seed: 9)),
                ])

            let failed = try await fetch(url, "/v1/ping")
            #expect(
                failed.status == 503 && failed.response.value(forHTTPHeaderField: "Retry-After") == "3")
            #expect(try await fetch(url, "/v1/ping").status == 200)

            let listed = try JSONDecoder().decode(
                FaultList.self, from: try await fetch(url, "/_admin/faults").body)
            #expect(listed.faults == server.faults)

            #expect(try await fetch(url, "/_admin/faults?route=echo", method: "DELETE").status == 204)
            #expect(server.faults.map(\.route) == [nil])
            #expect(try await fetch(url, "/_admin/faults", method: "DELETE").status == 204)
            #expect(server.faults.isEmpty)
        }
    }

    @Test(arguments: [
        "not json", #"{"fault": {"kind": "explode"}}"#, #"{"route": "ping"}"#,
        #"{"fault": {"kind": "hold"}, "times": 0}"#, #"{"fault": {"kind": "hold"}, "fraction": 1.5}"#,
        #"{"fault": {"kind": "delay", "milliseconds": -1}}"#,
        #"{"fault": {"kind": "status", "status": 99}}"#,
    ])
    func invalidFaultRulesAre400(json: String) async throws {
        try await withServer { server, url throws in
            let (status, body) = try await post(url, "/_admin/faults", json: json)
            #expect(status == 400)
            #expect(
                try JSONDecoder().decode(EmulatorErrorBody.self, from: body).error.code
                    == "INVALID_ARGUMENT")
            #expect(server.faults.isEmpty)
        }
    }

    @Test func heldRequestsCanBeCountedAndReleased() async throws {
        try await withServer { server, url throws in
            _ = try await post(
                url, "/_admin/faults", json: #"{"route": "ping", "fault": {"kind": "hold"}}"#)
            let held = Task { try await fetch(url, "/v1/ping").status }
            #expect(await server.waitUntilHeld(route: "ping"))
            #expect(
                String(decoding: try await fetch(url, "/_admin/held?route=ping").body, as: UTF8.self)
                    == #"{"held":1}"#)
            let released = try await post(url, "/_admin/release?route=ping")
            #expect(String(decoding: released.body, as: UTF8.self) == #"{"released":1}"#)
            #expect(try await held.value == 200)
        }
    }

    @Test func resetClearsEverythingAndCallsTheHook() async throws {
        let resets = ResetCounter()
        try await withServer(onReset: { await resets.increment() }) { server, url throws in
            server.inject(.hold, route: "ping")
            let held = Task { try await fetch(url, "/v1/ping").status }
            #expect(await server.waitUntilHeld(route: "ping"))
            #expect(try await post(url, "/_admin/reset").status == 204)
            #expect(try await held.value == 200)
            #expect(server.faults.isEmpty)
            #expect(server.requests().isEmpty)
            #expect(await resets.count == 1)
            await server.reset()
            #expect(await resets.count == 2)
        }
    }

    @Test func unknownResourcesAndWrongMethods() async throws {
        try await withServer { _, url throws in
            let missing = try await fetch(url, "/_admin/nothing")
            #expect(missing.status == 404)
            #expect(
                try JSONDecoder().decode(EmulatorErrorBody.self, from: missing.body).error.code
                    == "NOT_FOUND")
            let wrong = try await fetch(url, "/_admin/reset")
            #expect(wrong.status == 405)
            #expect(wrong.response.value(forHTTPHeaderField: "Allow") == "POST")
            #expect(try await fetch(url, "/_admin/faults", method: "PUT").status == 405)
        }
    }

    @Test(arguments: [(Duration.milliseconds(1500), 1500), (.seconds(2), 2000), (.milliseconds(7), 7)])
    func aDelayIsWrittenInWholeMilliseconds(delay: Duration, milliseconds: Int) throws {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Fault.delay(delay)))
        let object = try #require(json as? [String: Any])
        #expect(object["kind"] as? String == "delay")
        #expect(object["milliseconds"] as? Int == milliseconds)
    }

    @Test func everyFaultKindRoundTripsThroughJSON() throws {
        let faults: [Fault] = [
            .delay(.milliseconds(250)), .hold, .dropConnection, .dropAfterHeaders,
            .status(503, code: "UNAVAILABLE", retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT"), .status(500),
            .malformedBody, .rejectKey,
        ]
        let rules = faults.enumerated().map { index, fault in
            FaultRule(
                route: index.isMultiple(of: 2) ? "r\(index)" : nil, fault: fault,
                scope: index < 3 ? .next(index + 1) : .untilCleared)
        }
        let decoded = try JSONDecoder().decode([FaultRule].self, from: JSONEncoder().encode(rules))
        #expect(decoded == rules)
    }
}
