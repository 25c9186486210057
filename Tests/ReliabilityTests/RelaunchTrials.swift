import Foundation
import SDKEmulator
import Testing

extension DriverRun {
    /// Whether the harness killed the run.
    var wasKilled: Bool { killSent && diedOfSignal }

    /// What is wrong with how the run ended (a kill aside), naming it `name`.
    func problems(as name: String) -> [String] {
        guard !wasKilled else { return [] }
        var found: [String] = []
        if diedOfSignal || status != 0 { found.append("the \(name) ended with status \(status)") }
        let diagnostics = DriverLog(lines: lines).diagnostics
        if !diagnostics.isEmpty { found.append("the \(name) reported \(diagnostics.joined(separator: ", "))") }
        return found
    }
}

/// Trials of the code an app runs at launch, killed inside a call and relaunched to run the same
/// code again (as a phone relaunches an app), then drained by a third launch.
struct RelaunchTrials {
    /// The crash-driver mode under trial (its call's log line is `begin <call>`).
    var mode: String
    /// The `begin` line's second word, for counting the kills that landed inside the call.
    var call: String
    /// Seeds the kill plans.
    var seed: UInt64
    /// The driver's arguments after the mode, for trial `number`.
    var arguments: (Int) -> [String] = { ["--seed", "\($0)"] }
    /// A mode run first, without a kill (the state the trial starts from).
    var prepare: String?
    /// The kill of each trial.
    var plan: (inout SeededRandomNumberGenerator) -> KillPlan

    /// Runs `ReliabilityMode.relaunchTrials` trials; `check` says what is wrong with the
    /// emulator's record after trial `number`. Records every violation as an issue.
    func run(check: @escaping (EmulatorRecord, Int) -> [String]) async throws {
        try await withDriverEmulator { emulator, root in
            var random = SeededRandomNumberGenerator(seed: seed)
            var violations: [String] = []
            var killedInsideTheCall = 0
            for number in 0..<ReliabilityMode.relaunchTrials {
                await emulator.server.reset()
                let directory = root.appendingPathComponent("\(mode)-\(number)", isDirectory: true)
                defer { try? FileManager.default.removeItem(at: directory) }
                var found: [String] = []
                if let prepare {
                    let prepared = try await emulator.run([prepare] + arguments(number), storage: directory)
                    found += prepared.problems(as: prepare)
                }
                let plan = plan(&random)
                let killed = try await emulator.run([mode] + arguments(number), storage: directory, kill: plan)
                let relaunch = try await emulator.run([mode] + arguments(number), storage: directory)
                let drain = try await emulator.run(["drain"], storage: directory)
                if killed.wasKilled, killed.lines.last?.hasPrefix("begin \(call)") == true {
                    killedInsideTheCall += 1
                }
                found += check(EmulatorRecord(state: emulator.state, server: emulator.server), number)
                found += killed.problems(as: "first launch") + relaunch.problems(as: "relaunch")
                found += drain.problems(as: "drain")
                if !drain.lines.contains("drained pending=0") { found.append("the drain left work queued") }
                violations += found.map { "trial \(number) (\(plan)): \($0)" }
            }
            print(
                "\(mode) across a kill and a relaunch: \(ReliabilityMode.relaunchTrials) trials, "
                    + "\(killedInsideTheCall) killed inside a call; violations: \(violations.count)")
            for violation in violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
            #expect(violations.isEmpty)
            // Enough kills must land inside the call for the trials to say anything; how many
            // do depends on the machine's load.
            #expect(killedInsideTheCall > ReliabilityMode.relaunchTrials / 3)
        }
    }
}
