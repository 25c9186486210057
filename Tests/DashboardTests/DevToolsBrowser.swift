import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Closes a file descriptor (a function of its own: inside `DevToolsBrowser`, `close` is the
/// browser's).
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// What went wrong while driving the browser.
struct DevToolsError: Error, CustomStringConvertible {
    /// What happened.
    let description: String
}

/// A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// the browser reads commands on its file descriptor 3 and writes answers on 4, each message
/// JSON ended by a NUL byte), so no port is opened for it. The browser runs in a process group
/// of its own, which `close()` ends whole.
final class DevToolsBrowser: Sendable {
    private struct State {
        var nextID = 1
        var waiting: [Int: CheckedContinuation<Data, any Error>] = [:]
        var ended = false
    }

    private let pid: pid_t
    private let commands: Int32
    /// The answers waited for, shared with the reading thread.
    private final class Mailbox: Sendable {
        let state = Mutex(State())
    }

    private let mailbox = Mailbox()
    private let profile: URL

    /// Starts `executable` headless with an empty profile in a temporary directory.
    init(executable: URL, windowSize: (width: Int, height: Int)) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dashboard-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw DevToolsError(description: "pipe failed") }
        var arguments = [
            executable.path, "--headless", "--remote-debugging-pipe", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio",
            "--window-size=\(windowSize.width),\(windowSize.height)", "--user-data-dir=\(profile.path)", "about:blank",
        ]
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 1) }  // Chromium refuses root otherwise
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        let devNull = open("/dev/null", O_WRONLY)
        posix_spawn_file_actions_adddup2(&actions, devNull, 1)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = spawnEnvironment()
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
        closeDescriptor(toBrowser[0])
        closeDescriptor(fromBrowser[1])
        closeDescriptor(devNull)
        guard spawned == 0 else {
            closeDescriptor(toBrowser[1])
            closeDescriptor(fromBrowser[0])
            throw DevToolsError(
                description: "could not start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        pid = child
        commands = toBrowser[1]
        let answers = fromBrowser[0]
        let mailbox = mailbox
        Thread {
            Self.readMessages(from: answers, into: mailbox)
            closeDescriptor(answers)
        }.start()
    }

    /// Sends `method` with `parameters` (to the page `session` when given) and returns the
    /// answer's `result`, or throws the protocol's error.
    func send(_ method: String, _ parameters: [String: any Sendable] = [:], session: String? = nil) async throws
        -> [String: Any]
    {
        let data = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            let id: Int? = mailbox.state.withLock { state in
                guard !state.ended else { return nil }
                let id = state.nextID
                state.nextID += 1
                state.waiting[id] = continuation
                return id
            }
            guard let id else {
                continuation.resume(throwing: DevToolsError(description: "the browser has ended"))
                return
            }
            var message: [String: Any] = ["id": id, "method": method, "params": parameters]
            if let session { message["sessionId"] = session }
            guard var bytes = try? JSONSerialization.data(withJSONObject: message) else {
                mailbox.state.withLock { $0.waiting[id] = nil }
                continuation.resume(throwing: DevToolsError(description: "\(method): parameters are not JSON"))
                return
            }
            bytes.append(0)
            let written = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            if written != bytes.count {
                mailbox.state.withLock { $0.waiting[id] = nil }
                continuation.resume(throwing: DevToolsError(description: "\(method): the browser's pipe is closed"))
            }
        }
        guard let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DevToolsError(description: "\(method): an answer that is not an object")
        }
        if let error = answer["error"] as? [String: Any] {
            throw DevToolsError(description: "\(method): \(error["message"] ?? error)")
        }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// Asks the browser to close, then ends its process group and waits for it.
    func close() async {
        try? await withTimeout(seconds: 5) { _ = try await self.send("Browser.close") }
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        var reaped = false
        for _ in 0..<50 where !reaped {
            reaped = waitpid(pid, &status, WNOHANG) == pid
            if !reaped { try? await Task.sleep(for: .milliseconds(100)) }
        }
        kill(-pid, SIGKILL)  // what is left of the group: helper processes outlive the browser
        if !reaped { _ = waitpid(pid, &status, 0) }  // a killed child ends at once; reap it
        closeDescriptor(commands)
        try? FileManager.default.removeItem(at: profile)
    }

    /// `body`'s value, or an error when it takes longer than `seconds`.
    func withTimeout<Value: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> Value)
        async throws -> Value
    {
        try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw DevToolsError(description: "no answer within \(seconds) s")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DevToolsError(description: "no answer") }
            return first
        }
    }

    /// Reads NUL-ended messages until the pipe closes, handing each answer to its waiter;
    /// events are dropped. At the end, every waiter gets an error.
    private static func readMessages(from descriptor: Int32, into mailbox: Mailbox) {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            pending.append(contentsOf: buffer[0..<count])
            while let end = pending.firstIndex(of: 0) {
                let message = pending[pending.startIndex..<end]
                pending = pending[(end + 1)...]
                guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any],
                    let id = object["id"] as? Int
                else { continue }
                let waiter = mailbox.state.withLock { $0.waiting.removeValue(forKey: id) }
                waiter?.resume(returning: Data(message))
            }
        }
        let waiters = mailbox.state.withLock { state in
            state.ended = true
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for waiter in waiters { waiter.resume(throwing: DevToolsError(description: "the browser has ended")) }
    }
}
