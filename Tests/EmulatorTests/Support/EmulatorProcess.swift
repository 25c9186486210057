import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `sdk-emulator` executable, run as a child process on a free loopback port.
struct EmulatorProcess: Sendable {
    /// The executable, when it was built.
    static let executable: URL? = BuiltProducts.executable("sdk-emulator")

    /// The running executable; its standard output is a pipe, its standard error goes to
    /// ``errorsFile``.
    let child: ChildProcess
    /// Where the child's standard error goes (a sanitizer's report, say), in a folder of its own
    /// that `stop()` removes.
    let errorsFile: URL
    /// The base URL from the line the emulator prints when it listens.
    let url: URL?
    /// That line.
    let firstLine: String

    /// Starts the executable with `arguments` and waits for its first line of output (at most a
    /// minute: a child that prints nothing is killed, and the test fails instead of hanging).
    init(arguments: [String] = []) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        errorsFile = folder.appendingPathComponent("errors")
        let child: ChildProcess
        do {
            child = try ChildProcess(
                try #require(Self.executable), arguments, output: .pipe, errors: .file(errorsFile.path))
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        self.child = child
        let output = try #require(child.output, "standard output was asked for as a pipe")
        let line = try await offPool { () -> String? in
            let deadline = ContinuousClock.now + .seconds(60)
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while bytes.last != UInt8(ascii: "\n") {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return nil }
                var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, Int32(left.components.seconds * 1_000 + 1))
                if ready < 0, errno == EINTR { continue }
                guard ready >= 0 else { return nil }
                guard ready > 0 else { continue }
                guard read(output, &byte, 1) == 1 else { break }  // the child closed its output
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let line else {
            child.send(SIGKILL)
            _ = child.wait()
            close(output)
            throw FirstLineMissing(errors: Self.takeErrors(errorsFile))
        }
        firstLine = line
        url = URL(
            string: firstLine.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: " ").last ?? "")
    }

    /// Runs `body` with a started emulator and stops the emulator afterwards, also when `body`
    /// throws.
    static func with<Result: Sendable>(_ body: (EmulatorProcess) async throws -> Result) async throws -> Result {
        let emulator = try await EmulatorProcess()
        do {
            let result = try await body(emulator)
            let stopped = try await emulator.stop()
            #expect(stopped.termination == .exited(0), "standard error: \(stopped.errors)")
            return result
        } catch {
            _ = try? await emulator.stop()
            throw error
        }
    }

    /// A figure of `/proc/PID/status` in bytes (`VmRSS`: resident now, `VmHWM`: the peak), on Linux.
    func memory(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        return kilobytes * 1024
    }

    /// Sends SIGTERM, waits for the process to end and returns how it ended (`nil`: it had not
    /// ended a minute later and was killed, or could not be waited for) with what it wrote to its
    /// standard error.
    @discardableResult
    func stop() async throws -> (termination: ChildProcess.Termination?, errors: String) {
        child.send(SIGTERM)
        let child = child
        let termination = try await offPool { child.wait(killingAfter: .seconds(60)) }
        if let output = child.output { close(output) }
        return (termination, Self.takeErrors(errorsFile))
    }

    /// What the child wrote to `errorsFile`, whose folder it then removes.
    private static func takeErrors(_ errorsFile: URL) -> String {
        let errors = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "(unreadable)"
        try? FileManager.default.removeItem(at: errorsFile.deletingLastPathComponent())
        return errors
    }
}

/// The emulator printed no line within a minute of its start (it was killed).
struct FirstLineMissing: Error, CustomStringConvertible {
    /// What it wrote to its standard error.
    let errors: String

    var description: String { "sdk-emulator printed nothing within a minute; standard error: \(errors)" }
}
