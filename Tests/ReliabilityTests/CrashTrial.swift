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

    /// The emulator (empty at the start) and the driver.
    let emulator: DriverEmulator
    /// Where the trial's storage directory is made.
    let root: URL
    /// The trial's number.
    let number: Int
    /// When to kill the driver.
    let plan: KillPlan

    /// Runs the trial; the emulator must be empty.
    func run() async throws -> Outcome {
        let directory = root.appendingPathComponent("trial-\(number)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await emulator.run(["run", "--seed", "\(number)"], storage: directory, kill: plan)
        let drain = try await emulator.run(["drain"], storage: directory)
        let log = DriverLog(lines: run.lines)
        let checks = emulator.checks(log)
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
