import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import SDKEmulator
import Testing

/// The `sdk-emulator` command line.
@Suite("sdk-emulator arguments")
struct EmulatorCommandTests {
    @Test("no arguments serve the Voidhash API on a free port")
    func defaultsServeVoidhashOnAFreePort() throws {
        #expect(try EmulatorCommand.parse([]) == .serve(port: 0, api: .voidhash))
    }

    @Test("--api and --port choose the API and the port")
    func apiAndPortAreRead() throws {
        #expect(try EmulatorCommand.parse(["--api", "mobilejoe", "--port", "8080"]) == .serve(port: 8080, api: .mobilejoe))
        #expect(try EmulatorCommand.parse(["--port=9", "--api", "voidhash"]) == .serve(port: 9, api: .voidhash))
        #expect(try EmulatorCommand.parse(["-h"]) == .help)
    }

    @Test("bad arguments are refused with a reason", arguments: [["--api"], ["--api", "stripe"], ["--api", "voidhash", "--api", "mobilejoe"], ["--port", "70000"], ["--verbose"]])
    func badArgumentsAreRefused(arguments: [String]) {
        #expect(throws: EmulatorUsageError.self) { try EmulatorCommand.parse(arguments) }
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
