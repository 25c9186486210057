import Foundation

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

/// Why a child process could not be started.
struct SpawnError: Error, CustomStringConvertible {
    /// The `errno` value `posix_spawn` returned.
    var code: Int32
    /// The executable.
    var path: String

    var description: String { "could not start \(path): \(String(cString: strerror(code)))" }
}

/// Runs the crash driver as a child process and reads its log lines as they come.
///
/// Children are started with `posix_spawn` and reaped with `waitpid`, not with Foundation's
/// `Process`: on Linux, `Process.run` crashed inside Foundation once in a full run while other
/// suites started processes at the same time (`DriverProcessTests` keeps that load).
enum DriverProcess {
    /// Runs `executable` with `arguments` (blocking: call it through `offPool`), killing it with
    /// `SIGKILL` as `kill` says, and returns once it has ended and its output is read.
    static func run(executable: URL, arguments: [String], kill plan: KillPlan? = nil) throws -> DriverRun {
        let child = try spawn(executable.path, arguments)
        defer { close(child.output) }
        var lines: [String] = []
        var pending: [UInt8] = []
        var markers = 0
        var killSent = false
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress, $0.count) }
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
                    kill(child.pid, SIGKILL)
                    killSent = true
                }
            }
        }
        let status = wait(for: child.pid)
        let diedOfSignal = status & 0x7f != 0
        return DriverRun(
            lines: lines, killSent: killSent, diedOfSignal: diedOfSignal,
            status: diedOfSignal ? status & 0x7f : (status >> 8) & 0xff)
    }

    /// Starts `path` with `arguments`, its standard output a pipe (returned), its standard error
    /// discarded, the environment inherited.
    private static func spawn(_ path: String, _ arguments: [String]) throws -> (pid: pid_t, output: Int32) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw SpawnError(code: errno, path: path) }
        defer { close(pipeEnds[1]) }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard result == 0 else {
            close(pipeEnds[0])
            throw SpawnError(code: result, path: path)
        }
        return (pid, pipeEnds[0])
    }

    /// Waits for `pid` to end and returns its raw wait status.
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }
}
