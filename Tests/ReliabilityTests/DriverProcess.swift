import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When the harness kills a running driver: right after it printed its `marker`-th marker line
/// (`started` is the first, then every `begin ...` line), plus a pause.
struct KillPlan: Sendable, Hashable, CustomStringConvertible {
    /// Which marker line triggers the kill (1: `started`).
    var marker: Int
    /// How long after that line the kill is sent.
    var delayMicroseconds: UInt32

    /// `marker 4 + 1200 µs`.
    var description: String { "marker \(marker) + \(delayMicroseconds) µs" }
}

/// What a driver process printed and how it ended.
struct DriverRun: Sendable {
    /// Every line it printed, in order.
    var lines: [String]
    /// Whether the harness sent `SIGKILL` before it exited.
    var killSent: Bool
    /// Whether it died of a signal (rather than exiting).
    var diedOfSignal: Bool
    /// Its exit status, or the signal that ended it.
    var status: Int32
}

/// Runs the crash driver as a child process and reads its log lines as they come.
/// (``ChildProcess`` starts it; `DriverProcessTests` keeps the load under which Foundation's
/// `Process.run` once crashed.)
enum DriverProcess {
    /// Runs `executable` with `arguments` (blocking: call it through `offPool`), killing it with
    /// `SIGKILL` as `kill` says, and returns once it has ended and its output is read.
    static func run(executable: URL, arguments: [String], kill plan: KillPlan? = nil) throws -> DriverRun {
        let child = try ChildProcess(executable, arguments, output: .pipe)
        guard let output = child.output else { throw ChildProcess.SpawnError(code: EBADF, path: executable.path) }
        defer { close(output) }
        var lines: [String] = []
        var pending: [UInt8] = []
        var markers = 0
        var killSent = false
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: chunk[..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                lines.append(line)
                guard let plan, !killSent, line == "started" || line.hasPrefix("begin ") else { continue }
                markers += 1
                if markers == plan.marker {
                    if plan.delayMicroseconds > 0 { usleep(plan.delayMicroseconds) }
                    child.send(SIGKILL)
                    killSent = true
                }
            }
        }
        switch child.wait() {
        case .exited(let status):
            return DriverRun(lines: lines, killSent: killSent, diedOfSignal: false, status: status)
        case .signaled(let signal):
            return DriverRun(lines: lines, killSent: killSent, diedOfSignal: true, status: signal)
        }
    }
}
