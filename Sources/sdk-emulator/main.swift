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

/// Suspends until SIGINT or SIGTERM arrives (their default action is turned off first).
func waitForTerminationSignal() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let once = DispatchQueue(label: "sdk-emulator.signals")
        var resumed = false
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: once)
            source.setEventHandler {
                guard !resumed else { return }
                resumed = true
                sources.forEach { $0.cancel() }
                continuation.resume()
            }
            sources.append(source)
            source.resume()
        }
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
    await waitForTerminationSignal()
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
