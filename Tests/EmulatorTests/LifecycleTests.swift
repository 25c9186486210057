import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

@Suite("Server lifecycle", .timeLimit(.minutes(3)))
struct LifecycleTests {
    @Test func startReturnsALoopbackURLOnAnEphemeralPort() async throws {
        let server = EmulatorServer(router: try sampleRouter())
        let url = try await server.start()
        #expect(url.absoluteString == "http://127.0.0.1:\(url.serverPort)")
        #expect(url.serverPort >= 1024)
        #expect(server.baseURL == url)
        #expect(try await fetch(url, "/v1/ping").status == 200)
        await server.stop()
        #expect(server.baseURL == nil)
    }

    @Test func stopReleasesThePort() async throws {
        // A port below the kernel's ephemeral range (32768...), so that servers other tests start
        // on port 0 at the same time cannot take it between our stop and restart.
        let server = EmulatorServer(router: try sampleRouter())
        var url: URL?
        for port in (20_000..<32_000).shuffled().prefix(50) where url == nil {
            url = try? await server.start(port: UInt16(port))
        }
        let bound = try #require(url)
        await server.stop()
        // Another test spawning a process at this moment holds a copy of every descriptor,
        // close-on-exec ones included, until the child execs: allow that a bounded moment.
        let refused = try await offPool { () -> Bool in
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline {
                guard (try? RawClient(port: bound.serverPort)) != nil else { return true }
                usleep(20_000)
            }
            return false
        }
        #expect(refused, "connections to a stopped server's port are refused")

        let again = EmulatorServer(router: try sampleRouter())
        #expect(try await again.start(port: bound.serverPort) == bound)
        #expect(try await fetch(bound, "/v1/ping").status == 200)
        await again.stop()
    }

    @Test func aPortInUseIsAnError() async throws {
        try await withServer { _, url throws in
            let other = EmulatorServer()
            await #expect(throws: EmulatorServerError.self) {
                try await other.start(port: url.serverPort)
            }
        }
    }

    @Test func startTwiceIsRefusedAndRestartWorks() async throws {
        let server = EmulatorServer(router: try sampleRouter())
        _ = try await server.start()
        await #expect(throws: EmulatorServerError.alreadyRunning) { try await server.start() }
        _ = try await fetch(#require(server.baseURL), "/v1/ping")
        await server.stop()
        await server.stop()  // harmless
        let url = try await server.start()
        #expect(try await fetch(url, "/v1/ping").status == 200)
        #expect(server.requests().count == 2)  // the log survives a restart
        await server.stop()
    }

    @Test(arguments: ["0.0.0.0", "192.168.1.10", "localhost", "::1", "", "127.0.0.1.5"])
    func onlyIPv4LoopbackIsAccepted(host: String) async throws {
        let server = EmulatorServer()
        await #expect(throws: EmulatorServerError.notLoopback(host)) {
            try await server.start(host: host)
        }
        #expect(server.baseURL == nil)
    }

    @Test func stopEndsIdleAndHeldConnections() async throws {
        let server = EmulatorServer(router: try sampleRouter())
        let url = try await server.start()
        server.inject(.hold, route: "ping")
        let answered = DispatchSemaphore(value: 0)
        let idle = Task {
            try await offPool {
                let client = try RawClient(port: url.serverPort)
                client.write(rawRequest("POST", "/v1/echo", body: "x"))
                _ = try client.readResponse()
                answered.signal()
                return client.isClosedByServer()
            }
        }
        let held = Task { try await exchange(rawRequest("GET", "/v1/ping"), port: url.serverPort) }
        #expect(await server.waitUntilHeld(route: "ping"))
        try await offPool { answered.wait() }  // the idle connection is now waiting for its next request
        let waiter = Task { await server.waitUntilHeld(route: "never") }
        await server.stop()
        #expect(try await idle.value)
        let answer = try await held.value
        #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 200"))
        #expect(await waiter.value == false)
        #expect(await server.waitUntilHeld() == false)  // returns at once while stopped
    }
}
