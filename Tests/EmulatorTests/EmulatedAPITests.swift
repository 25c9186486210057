import Foundation
import SDKEmulator
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `sdk-emulator` command line.
@Suite("sdk-emulator APIs", .timeLimit(.minutes(3)))
struct EmulatedAPITests {
    @Test("--api chooses the API, --port the port")
    func apiAndPortAreRead() throws {
        #expect(
            try EmulatorCommand.parse(["--api", "mobilejoe", "--port", "8080"]) == .serve(port: 8080, api: .mobilejoe))
        #expect(try EmulatorCommand.parse(["--port=9", "--api", "voidhash"]) == .serve(port: 9, api: .voidhash))
    }

    @Test(
        "bad --api values are refused",
        arguments: [["--api"], ["--api", "stripe"], ["--api", "voidhash", "--api", "mobilejoe"]])
    func badAPIsAreRefused(arguments: [String]) {
        #expect(throws: EmulatorUsageError.self) { try EmulatorCommand.parse(arguments) }
    }

    @Test("the Voidhash admin routes answer on a running server")
    func voidhashAdminRoutesAreMounted() async throws {
        let server = VoidhashEmulator.makeServer()
        let url = try await server.start()
        let (data, response) = try await URLSession.shared.data(
            from: url.appendingPathComponent("_admin/voidhash/people"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("people"))
        await server.stop()
    }

    @Test("each API's server answers its own identify route", arguments: EmulatedAPI.allCases)
    func eachAPIServes(api: EmulatedAPI) async throws {
        let server = try api.makeServer()
        let url = try await server.start()
        var request = URLRequest(url: url.appendingPathComponent("v1/identify"))
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode
        #expect(status == 401, "no credentials: the API's own authentication answers, not a 404")
        await server.stop()
    }
}
