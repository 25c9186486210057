import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
    /// `ru_maxrss` is in kibibytes on Linux.
    private let maxResidentUnitsPerMegabyte = 1_024.0
#elseif canImport(Darwin)
    import Darwin
    /// `ru_maxrss` is in bytes on Apple platforms.
    private let maxResidentUnitsPerMegabyte = 1_048_576.0
#endif

/// Runs a program as a child process and reports its time, its exit status, its output and the
/// peak resident memory the kernel recorded for it (`wait4`'s `ru_maxrss`: the largest of the
/// child and every descendant it waited for).
enum ChildProcess {
    /// A finished child.
    struct Outcome: Sendable {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        /// From spawning to reaping, process start included.
        var elapsed: Duration
        /// The peak resident set size, in megabytes.
        var peakResidentMegabytes: Double
        /// Processor time used (user and system, the child and its waited-for descendants), in
        /// seconds: unlike `elapsed`, barely changed by other processes sharing the machine.
        var cpuSeconds: Double
        /// Standard output and standard error, interleaved.
        var output: String
    }

    /// Why a child could not be run.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// Runs `program` (looked up in `PATH` when it has no slash) with `arguments` in the current
    /// directory and waits for it.
    static func run(_ program: String, _ arguments: [String]) throws(Failure) -> Outcome {
        let outputPath = NSTemporaryDirectory() + "sdk-benchmarks-child-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = spawnEnvironment()
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let code = posix_spawnp(&pid, program, &actions, nil, argv, envp)
        guard code == 0 else {
            throw Failure(description: "cannot start \(program): \(String(cString: strerror(code)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure(description: "cannot wait for \(program)") }
        }
        let elapsed = ContinuousClock.now - start
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let signal = status & 0x7F
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, elapsed: elapsed,
            peakResidentMegabytes: Double(usage.ru_maxrss) / maxResidentUnitsPerMegabyte,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), output: output)
    }

    /// `time` in seconds.
    static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    /// Like `run`, but a non-zero exit status is a failure that quotes the output's end.
    static func runChecked(_ program: String, _ arguments: [String]) throws(Failure) -> Outcome {
        let outcome = try run(program, arguments)
        guard outcome.status == 0 else {
            throw Failure(
                description: "\(program) \(arguments.joined(separator: " ")) exited with \(outcome.status):\n"
                    + outcome.output.suffix(2_000))
        }
        return outcome
    }

    /// The path of the running benchmark executable, for re-running it as a child.
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }
}
