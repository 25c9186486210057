import Foundation
import MobileJoeAPI
import SDKRuntime

/// Runs generated operation contract tests against an emulator: starts a fresh server on
/// loopback, hands the test an `APIClient` over the real `URLSessionTransport` with the API's
/// test credentials, and stops the server afterwards, whatever happened.
public enum ContractHarness {
    /// Starts `server`, runs `body` with a client sending `headers`, then stops the server.
    public static func withClient<Result: Sendable>(
        server: EmulatorServer, headers: [HTTPField], _ body: (APIClient) async throws -> Result
    ) async throws -> Result {
        let baseURL = try await server.start()
        let client = APIClient(baseURL: baseURL, transport: URLSessionTransport(), headers: { headers })
        do {
            let result = try await body(client)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

extension VoidhashEmulator {
    /// A client of a fresh Voidhash emulator, authorised with the test key, for `body`.
    public static func withContractClient<Result: Sendable>(_ body: (APIClient) async throws -> Result)
        async throws -> Result
    {
        try await ContractHarness.withClient(
            server: makeServer(), headers: [HTTPField(name: "Authorization", value: "Bearer \(testKey)")], body)
    }
}

extension MobileJoeEmulator {
    /// The API key the contract tests send.
    public static let contractAPIKey = "mj_public_contract"

    /// A client of a fresh Mobile Joe emulator with sample content, sending a valid key and
    /// identity headers, for `body`.
    public static func withContractClient<Result: Sendable>(_ body: (APIClient) async throws -> Result)
        async throws -> Result
    {
        let headers = [
            HTTPField(name: "Authorization", value: contractAPIKey),
            HTTPField(name: "Identity-Anonymous-ID", value: AnonymousId.make()),
            HTTPField(name: "Identity-Device-ID", value: DeviceId.make()),
        ]
        return try await ContractHarness.withClient(
            server: try makeServer(state: .withSampleContent()), headers: headers, body)
    }
}
