import Foundation
import SDKEmulator

/// One crash trial: run the driver on a fresh storage directory, kill it as planned, restart
/// it there in drain mode, and check what the emulator holds.
struct CrashTrial: Sendable {
    /// What became of one trial.
    struct Outcome: Sendable {
        /// The trial's number (also its seed).
        var number: Int
        /// When the kill was sent.
        var plan: KillPlan
        /// Whether the driver died of the kill (`false`: it finished first).
        var killed: Bool
        /// The call under way at the kill, if any.
        var inFlight: DriverLog.Call?
        /// Whether that call's effect reached the emulator anyway (it was stored before the kill).
        var inFlightApplied: Bool
        /// How many calls had returned before the kill.
        var returnedCalls: Int
        /// Broken promises.
        var violations: [String]
    }

    /// The driver executable.
    let executable: URL
    /// The emulator's base URL.
    let baseURL: URL
    /// The emulator's data.
    let state: VoidhashEmulatorState
    /// The emulator.
    let server: EmulatorServer
    /// The trial's number.
    let number: Int
    /// When to kill the driver.
    let plan: KillPlan

    /// Runs the trial; the emulator must be empty.
    func run() async throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("voidhash-crash-\(number)-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let common = ["--base-url", baseURL.absoluteString, "--storage", directory.path]
        let executable = executable
        let plan = plan
        let run = try await offPool {
            try DriverProcess.run(
                executable: executable, arguments: ["run"] + common + ["--seed", "\(number)"], kill: plan)
        }
        let drain = try await offPool {
            try DriverProcess.run(executable: executable, arguments: ["drain"] + common)
        }
        let log = DriverLog(lines: run.lines)
        let checks = CrashChecks(log: log, record: EmulatorRecord(state: state, server: server), state: state)
        var violations = checks.violations
        violations += log.unparsed.map { "unexpected line: \($0)" }
        violations += problems(run: run, drain: drain)
        let inFlight = run.diedOfSignal ? log.inFlight : nil
        return Outcome(
            number: number, plan: plan, killed: run.diedOfSignal, inFlight: inFlight,
            inFlightApplied: inFlight.map(checks.isApplied) ?? false,
            returnedCalls: log.calls.filter(\.returned).count,
            violations: violations.map { "trial \(number) (\(plan)): \($0)" })
    }

    /// The run ended by the kill or finished cleanly; the drain emptied the queue and found the
    /// database intact.
    private func problems(run: DriverRun, drain: DriverRun) -> [String] {
        var found: [String] = []
        if !run.diedOfSignal, run.status != 0 { found.append("the run exited with status \(run.status)") }
        if drain.diedOfSignal || drain.status != 0 { found.append("the drain ended with status \(drain.status)") }
        if !drain.lines.contains("drained pending=0") {
            found.append("the drain left work queued: \(drain.lines.joined(separator: " | "))")
        }
        let drainDiagnostics = DriverLog(lines: drain.lines).diagnostics
        if !drainDiagnostics.isEmpty {
            found.append("the restart reported \(drainDiagnostics.joined(separator: ", "))")
        }
        return found
    }
}
