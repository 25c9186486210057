/// The figures of a series of crash trials.
struct CrashSummary: Sendable {
    /// Trials run.
    var trials = 0
    /// Trials whose driver died of the kill.
    var kills = 0
    /// Kills that landed while a call was under way (between its `begin` and its return).
    var midCallKills = 0
    /// Mid-call kills whose write was stored before the kill (its effect reached the emulator).
    var midCallApplied = 0
    /// Mid-call kills by the method under way.
    var midCallByKind: [String: Int] = [:]
    /// Calls that returned before a kill, each checked on the emulator.
    var returnedCalls = 0
    /// Broken promises, all trials together.
    var violations: [String] = []

    /// Adds one trial.
    mutating func add(_ outcome: CrashTrial.Outcome) {
        trials += 1
        if outcome.killed { kills += 1 }
        if let call = outcome.inFlight {
            midCallKills += 1
            midCallByKind[call.kind.rawValue, default: 0] += 1
            if outcome.inFlightApplied { midCallApplied += 1 }
        }
        returnedCalls += outcome.returnedCalls
        violations += outcome.violations
    }

    /// The figures in a few lines.
    var report: String {
        let kinds = midCallByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return """
            crash consistency: \(trials) trials, \(kills) killed by SIGKILL, \(trials - kills) finished first
            mid-call kills: \(midCallKills) (\(kinds.joined(separator: ", "))); \
            \(midCallApplied) had stored their write before the kill, \(midCallKills - midCallApplied) had not
            returned calls checked: \(returnedCalls); violations: \(violations.count)
            """
    }
}
