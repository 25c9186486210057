import Foundation
import Testing

/// The built `sdk-emulator` executable, run as a child process on a free loopback port.
final class EmulatorProcess {
    /// The executable next to the test bundle, when it was built.
    static let executable: URL? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
            .deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map {
            $0.appendingPathComponent("sdk-emulator")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    let process = Process()
    /// The base URL from the line the emulator prints when it listens.
    private(set) var url: URL?
    /// That line.
    private(set) var firstLine = ""

    /// Starts the executable with `arguments` and waits for its first line of output.
    init(arguments: [String] = []) async throws {
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        firstLine = try await offPool { () -> String in
            var bytes: [UInt8] = []
            while bytes.last != UInt8(ascii: "\n"),
                let byte = try output.fileHandleForReading.read(upToCount: 1)?.first
            {
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        url = URL(
            string: firstLine.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: " ").last ?? "")
    }

    /// A figure of `/proc/PID/status` in bytes (`VmRSS`: resident now, `VmHWM`: the peak), on Linux.
    func memory(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        return kilobytes * 1024
    }

    /// Sends SIGTERM and waits for the process to end.
    func stop() async throws {
        process.terminate()
        try await offPool { [process] in process.waitUntilExit() }
    }
}
