// sdk-emulator: serves the emulator on 127.0.0.1 until SIGINT or SIGTERM.
import Dispatch
import Foundation
import PackageRelease
import SDKEmulator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Writes `text` and a newline to standard output at once (unbuffered, even into a pipe).
func printNow(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// SIGINT and SIGTERM, caught by this process from the moment `init` returns: their default
/// action (ending the process at once) is off, and one that arrives before `wait()` is kept.
///
/// `init` returns only once both signal sources are armed. A source is armed some time after
/// its `resume()`, and a signal that came before that was ignored: a server told to stop as soon
/// as its listening line was out never stopped (4 times in 300 here).
struct TerminationSignals {
    private let arrivals: AsyncStream<Int32>
    /// Kept for as long as the signals are caught: a source nothing holds is released.
    private let sources: [any DispatchSourceSignal]

    /// Starts catching both signals, and returns once they are caught.
    init() async {
        let (arrivals, continuation) = AsyncStream<Int32>.makeStream()
        let queue = DispatchQueue(label: "sdk-emulator.signals")
        let armed = DispatchGroup()
        sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { continuation.yield(signalNumber) }
            armed.enter()
            source.setRegistrationHandler { armed.leave() }
            source.resume()
            return source
        }
        self.arrivals = arrivals
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            armed.notify(queue: queue) { done.resume() }
        }
    }

    /// Returns once either signal has arrived.
    func wait() async {
        for await _ in arrivals { return }
    }
}

let command: EmulatorCommand
do {
    command = try EmulatorCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("sdk-emulator: \(error)")
    printError(EmulatorCommand.usage)
    exit(EmulatorCommand.usageExitCode)
}

/// Serves `api` on `port` (0 for any free one), prints the address, and returns once SIGINT or
/// SIGTERM stopped the server. (A function, so that its values are released before the process
/// exits rather than held by the top-level code.)
func serve(port: UInt16, api: EmulatedAPI) async {
    signal(SIGPIPE, SIG_IGN)
    let signals = await TerminationSignals()
    let server: EmulatorServer
    do {
        server = try api.makeServer()
        let url = try await server.start(port: port)
        printNow("sdk-emulator (\(api.rawValue)) listening on \(url.absoluteString)")
        printNow("dashboard: \(url.absoluteString)/_admin/ui")
    } catch {
        printError("sdk-emulator: cannot listen on 127.0.0.1:\(port): \(error)")
        exit(1)
    }
    await signals.wait()
    await server.stop()
}

switch command {
case .help:
    printNow(EmulatorCommand.usage)
case .version:
    printNow(Release.version)
case .serve(let port, let api):
    await serve(port: port, api: api)
}
