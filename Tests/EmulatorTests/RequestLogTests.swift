import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

@Suite("Request log", .timeLimit(.minutes(3)))
struct RequestLogTests {
    @Test func recordsRequestsInArrivalOrderWithRouteNames() async throws {
        let clock = RecordingClock(date: Date(timeIntervalSince1970: 1_800_000_000))
        let server = EmulatorServer(router: try sampleRouter(), clock: clock)
        let url = try await server.start()
        _ = try await offPool {
            let client = try RawClient(port: url.serverPort)
            client.write(
                rawRequest("GET", "/v1/ping")
                    + rawRequest("POST", "/v1/echo?a=1&b=%20", headers: ["X-Trace: t1"], body: "{}")
                    + rawRequest("GET", "/v1/nowhere") + rawRequest("GET", "/_admin/requests")
                    + rawRequest("GET", "/v1/people/p%2F1"))
            return try (0..<5).map { _ in try client.readResponse().status }
        }
        let log = server.requests()
        #expect(log.map(\.sequence) == [1, 2, 3, 4])
        #expect(log.map(\.route) == ["ping", "echo", nil, "getPerson"])  // admin requests are not logged
        #expect(log[1].request.method == "POST")
        #expect(log[1].request.path == "/v1/echo")
        #expect(
            log[1].request.query == [HTTPField(name: "a", value: "1"), HTTPField(name: "b", value: " ")])
        #expect(log[1].request.header("x-trace") == "t1")
        #expect(log[1].request.body == Data("{}".utf8))
        #expect(log[3].request.path == "/v1/people/p%2F1")
        #expect(log[3].request.pathSegments == ["v1", "people", "p/1"])
        #expect(log.allSatisfy { $0.request.receivedAt == clock.date })
        #expect(server.requests(route: "echo").map(\.sequence) == [2])
        server.clearRequests()
        #expect(server.requests().isEmpty)
        #expect(try await fetch(url, "/v1/ping").status == 200)
        #expect(server.requests().map(\.sequence) == [5])  // numbers are never reused
        await server.stop()
    }

    @Test func concurrentRequestsAreAllLoggedOnce() async throws {
        try await withServer { server, url throws in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask { _ = try await fetch(url, "/v1/people/\(index)") }
                }
                try await group.waitForAll()
            }
            let log = server.requests(route: "getPerson")
            #expect(log.count == 20)
            #expect(Set(log.map(\.sequence)).count == 20)
            #expect(log.map(\.sequence) == log.map(\.sequence).sorted())
            #expect(Set(log.map(\.request.path)) == Set((0..<20).map { "/v1/people/\($0)" }))
        }
    }

    @Test func logKeepsTheMostRecentEntriesOnly() async throws {
        try await withServer(limits: ServerLimits(maxLoggedRequests: 3)) { server, url in
            _ = try await offPool {
                let client = try RawClient(port: url.serverPort)
                return try (0..<5).map { _ in
                    client.write(rawRequest("GET", "/v1/ping"))
                    return try client.readResponse().status
                }
            }
            #expect(server.requests().map(\.sequence) == [3, 4, 5])
        }
    }

    @Test func recordedRequestJSONRoundTrips() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.5)
        let text = RecordedRequest(
            sequence: 7, route: "echo", fault: .status(503, code: "UNAVAILABLE", retryAfter: "1"),
            request: EmulatorRequest(
                method: "POST", path: "/v1/echo", query: [HTTPField(name: "q", value: "1")],
                headers: [HTTPField(name: "Content-Type", value: "application/json")],
                body: Data(#"{"a":1}"#.utf8),
                receivedAt: date))
        let binary = RecordedRequest(
            sequence: 8, route: nil, fault: nil,
            request: EmulatorRequest(
                method: "PUT", path: "/x", body: Data([0xFF, 0x00, 0xFE]), receivedAt: date))
        let omitted = RecordedRequest(
            sequence: 9, route: "echo", fault: nil,
            request: EmulatorRequest(method: "POST", path: "/v1/echo", receivedAt: date),
            omittedBody: OmittedBody(of: Data("abc".utf8)), status: 200)
        let json = try JSONEncoder.emulator.encode([text, binary, omitted])
        let encoded = String(decoding: json, as: UTF8.self)
        #expect(encoded.contains(#""body":"{\"a\":1}""#))
        #expect(encoded.contains(#""bodyBase64":"/wD+""#))
        #expect(encoded.contains(#""receivedAt":"2027-01-15T08:00:00.500Z""#))
        #expect(encoded.contains(#""route":null"#))
        #expect(
            encoded.contains(
                #""bodyOmitted":{"length":3,"sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}"#
            ))
        #expect(try JSONDecoder().decode([RecordedRequest].self, from: json) == [text, binary, omitted])
    }
}
