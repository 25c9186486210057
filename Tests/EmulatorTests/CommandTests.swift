import Foundation
import SDKEmulator
import Testing

@Suite("sdk-emulator command line", .timeLimit(.minutes(1)))
struct CommandTests {
    @Test func parsesPortAndHelp() throws {
        #expect(try EmulatorCommand.parse([]) == .serve(port: 0, api: .voidhash))
        #expect(try EmulatorCommand.parse(["--port", "8080"]) == .serve(port: 8080, api: .voidhash))
        #expect(try EmulatorCommand.parse(["--port=65535"]) == .serve(port: 65535, api: .voidhash))
        #expect(try EmulatorCommand.parse(["--help"]) == .help)
        #expect(try EmulatorCommand.parse(["-h", "--nonsense"]) == .help)
    }

    @Test(arguments: [
        ["--port"], ["--port", "x"], ["--port", "70000"], ["--port", "-1"], ["--bogus"], ["8080"],
        ["--port", "1", "--port", "2"],
    ])
    func refusesBadArguments(arguments: [String]) {
        #expect(throws: EmulatorUsageError.self) { try EmulatorCommand.parse(arguments) }
    }

    static let executable = EmulatorProcess.executable

    @Test(.enabled(if: executable != nil, "sdk-emulator is not built"))
    func executableRefusesBadArgumentsWithExit64() async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", "nope"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let output = try await offPool { errors.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(String(decoding: output, as: UTF8.self).contains("usage: sdk-emulator"))
    }

    @Test("--api=NAME and --port=N are read like --api NAME and --port N")
    func readsEqualsForms() throws {
        #expect(try EmulatorCommand.parse(["--api=mobilejoe", "--port=8080"]) == .serve(port: 8080, api: .mobilejoe))
        #expect(EmulatorCommand.usage.contains("--api NAME"))
        #expect(EmulatorCommand.usage.contains("--port N"))
        #expect(EmulatorCommand.usage.contains("--help"))
    }

    @Test(.enabled(if: executable != nil, "sdk-emulator is not built"))
    func executableNamesAPortInUse() async throws {
        let server = VoidhashEmulator.makeServer()
        let url = try await server.start()
        let port = try #require(url.port)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port=\(port)"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let output = try await offPool { errors.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        await server.stop()
        let message = String(decoding: output, as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message.contains("cannot listen on 127.0.0.1:\(port)"), "\(message)")
        #expect(message.lowercased().contains("in use"), "\(message)")
    }

    @Test(.enabled(if: executable != nil, "sdk-emulator is not built"))
    func executableServesUntilSIGTERM() async throws {
        let emulator = try await EmulatorProcess()
        #expect(emulator.firstLine.hasPrefix("sdk-emulator (voidhash) listening on http://127.0.0.1:"))
        let url = try #require(emulator.url)
        #expect(try await fetch(url, "/_admin/requests").status == 200)
        try await emulator.stop()
        #expect(emulator.process.terminationStatus == 0)
        #expect(emulator.process.terminationReason == .exit)
    }
}
