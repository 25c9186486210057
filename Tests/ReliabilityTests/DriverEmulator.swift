import Foundation
import SDKEmulator
import TestSupport

/// A Voidhash emulator in this process for driver processes to talk to, and the driver.
struct DriverEmulator: Sendable {
    /// The driver executable.
    let driver: URL
    /// The emulator's data.
    let state: VoidhashEmulatorState
    /// The emulator.
    let server: EmulatorServer
    /// Where it listens.
    let baseURL: URL

    /// Runs the driver with `arguments` followed by this emulator's URL and `storage`, blocking
    /// a thread of its own, optionally through `unshare` with `namespace` arguments built by
    /// `Namespace` (which get the driver command appended).
    func run(
        _ arguments: [String], storage: URL, kill plan: KillPlan? = nil,
        namespace: (([String]) -> [String])? = nil
    ) async throws -> DriverRun {
        let command =
            [driver.path] + arguments + ["--base-url", baseURL.absoluteString, "--storage", storage.path]
        let (executable, fullArguments) =
            if let namespace {
                (Namespace.unshare, namespace(command))
            } else {
                (driver, Array(command.dropFirst()))
            }
        return try await offPool {
            try DriverProcess.run(executable: executable, arguments: fullArguments, kill: plan)
        }
    }

    /// What the emulator holds now, for `CrashChecks`.
    func checks(_ log: DriverLog) -> CrashChecks {
        CrashChecks(log: log, record: EmulatorRecord(state: state, server: server), state: state)
    }
}

/// Runs `body` with a started emulator and a fresh temporary directory (removed afterwards).
/// The emulator's request log keeps `loggedRequests` requests (the checks read it).
func withDriverEmulator(
    loggedRequests: Int = ServerLimits.standard.maxLoggedRequests, _ body: (DriverEmulator, URL) async throws -> Void
) async throws {
    guard let driver = DriverExecutable.url else {
        throw DriverMissing()
    }
    let state = VoidhashEmulatorState()
    let server = VoidhashEmulator.makeServer(state: state, limits: ServerLimits(maxLoggedRequests: loggedRequests))
    let baseURL = try await server.start()
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("voidhash-driver-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer {
        chmod(directory.path, 0o700)
        try? FileManager.default.removeItem(at: directory)
    }
    do {
        try await body(DriverEmulator(driver: driver, state: state, server: server, baseURL: baseURL), directory)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// The driver executable was not built next to the tests.
struct DriverMissing: Error, CustomStringConvertible {
    var description: String { "voidhash-crash-driver is not built next to the test bundle" }
}
