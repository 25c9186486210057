import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

/// The harness generated contract tests run their client through: it starts the server, hands
/// over a client for it, and stops the server afterwards, whether the body returned or threw.
@Suite("Contract harness", .timeLimit(.minutes(3)))
struct ContractHarnessTests {
    private struct Planned: Error {}

    @Test("the server is stopped after a body that returns, and after one that throws")
    func theServerIsStoppedEitherWay() async throws {
        let server = EmulatorServer(router: try sampleRouter())
        let answered = try await ContractHarness.withClient(server: server, headers: []) { client in
            #expect(server.baseURL != nil)
            try await client.send(HTTPRequest(method: "GET", path: "/v1/ping", isSafeToRepeat: true))
            return true
        }
        #expect(answered)
        #expect(server.baseURL == nil)

        await #expect(throws: Planned.self) {
            try await ContractHarness.withClient(server: server, headers: []) { _ in throw Planned() }
        }
        #expect(server.baseURL == nil)
    }
}
