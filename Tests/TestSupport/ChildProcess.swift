import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process of a test, started with `posix_spawn` and reaped with `waitpid`.
///
/// Tests do not use Foundation's `Process`: on Linux, `Process.run` crashed inside Foundation in
/// full runs while other suites started processes at the same time (once in the reliability
/// harness, once in the emulator's command-line tests).
public struct ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// `/dev/null`.
        case discarded
        /// A pipe whose read end the parent keeps (``ChildProcess/output`` or ``ChildProcess/errors``).
        case pipe
        /// The file at this path: read from for standard input, truncated and written for the others.
        case file(String)
    }

    /// How a child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        /// `exit 1` or `signal 9`.
        public var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// The `errno` value of the call that failed.
        public var code: Int32
        /// The executable.
        public var path: String

        /// The failure `code` of starting `path`.
        public init(code: Int32, path: String) {
            self.code = code
            self.path = path
        }

        /// `could not start PATH: REASON`.
        public var description: String { "could not start \(path): \(String(cString: strerror(code)))" }
    }

    /// The child's process ID.
    public let pid: pid_t
    /// The read end of its standard output, when that is a ``Stream/pipe``; the caller closes it.
    public let output: Int32?
    /// The read end of its standard error, when that is a ``Stream/pipe``; the caller closes it.
    public let errors: Int32?

    /// Starts `executable` with `arguments` and the inherited environment (with `environment`'s
    /// variables set over it), in `directory` when given (relative paths in `input`, `output`
    /// and `errors` are opened there too).
    public init(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:], directory: URL? = nil,
        input: Stream = .discarded, output: Stream = .discarded, errors: Stream = .discarded
    ) throws {
        let path = executable.path
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory {
            guard let addChdir = Self.addChdir else { throw SpawnError(code: ENOSYS, path: path) }
            _ = addChdir(&actions, directory.path)
        }
        var parentEnds: [Int32?] = [nil, nil, nil]
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        for (descriptor, stream) in [(STDIN_FILENO, input), (STDOUT_FILENO, output), (STDERR_FILENO, errors)] {
            switch stream {
            case .discarded:
                let flags = descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0)
            case .file(let file):
                let flags = descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, descriptor, file, flags, 0o600)
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else {
                    parentEnds.compactMap { $0 }.forEach { close($0) }
                    throw SpawnError(code: errno, path: path)
                }
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                parentEnds[Int(descriptor)] = ends[0]
                childEnds.append(ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
            }
        }
        // Nothing but the three streams: a descriptor another test's thread opened a moment ago
        // and has not yet marked close-on-exec (an accepted connection, say) would otherwise
        // live on in the child, and keep that connection open after the test closed it.
        if let addCloseFrom = Self.addCloseFrom { _ = addCloseFrom(&actions, STDERR_FILENO + 1) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = spawnEnvironment(environment)
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else {
            parentEnds.compactMap { $0 }.forEach { close($0) }
            throw SpawnError(code: result, path: path)
        }
        self.pid = pid
        self.output = parentEnds[1]
        self.errors = parentEnds[2]
    }

    /// Runs `executable` to its end (blocking: call it off the cooperative pool) and returns how
    /// it ended with what it wrote to its standard output and error.
    public static func run(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:], directory: URL? = nil,
        input: Stream = .discarded
    ) throws -> (termination: Termination, output: String, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("output")
        let errors = folder.appendingPathComponent("errors")
        let child = try ChildProcess(
            executable, arguments, environment: environment, directory: directory, input: input,
            output: .file(output.path),
            errors: .file(errors.path))
        let termination = child.wait()
        let written = try String(contentsOf: output, encoding: .utf8)
        return (termination, written, try String(contentsOf: errors, encoding: .utf8))
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the child to end (blocking) and reaps it.
    public func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return Self.termination(status)
    }

    /// Waits for the child to end (blocking) and reaps it; after `limit`, kills it (SIGKILL)
    /// first and returns `nil`, so a child that ignores how it was asked to stop fails the test
    /// instead of hanging it. Also `nil`, killing nothing, when the child cannot be waited for
    /// (already reaped).
    public func wait(killingAfter limit: Duration) -> Termination? {
        let deadline = ContinuousClock.now + limit
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return Self.termination(status) }
            if reaped < 0, errno != EINTR { return nil }
            usleep(5_000)
        }
        send(SIGKILL)
        _ = wait()
        return nil
    }

    /// How a child ended, from the status `waitpid` gave.
    private static func termination(_ status: Int32) -> Termination {
        status & 0x7f != 0 ? .signaled(status & 0x7f) : .exited((status >> 8) & 0xff)
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later, macOS 10.15 and later),
    /// which Swift's Glibc module does not declare.
    private static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: AddChdir.self)
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later; not on Apple platforms,
    /// where children then inherit what is not close-on-exec), undeclared as `addChdir` is.
    private static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: AddCloseFrom.self)
    }

    /// The C function `name` of this process's libraries, if there is one.
    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        return dlsym(handle, name)
    }

    /// The C signature of `posix_spawn_file_actions_addchdir_np`.
    #if canImport(Darwin)
        private typealias AddChdir =
            @convention(c) (
                UnsafeMutablePointer<posix_spawn_file_actions_t?>, UnsafePointer<CChar>
            ) -> Int32
        /// The C signature of `posix_spawn_file_actions_addclosefrom_np`.
        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t?>, Int32) -> Int32
    #else
        private typealias AddChdir =
            @convention(c) (
                UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
            ) -> Int32
        /// The C signature of `posix_spawn_file_actions_addclosefrom_np`.
        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    #endif
}
