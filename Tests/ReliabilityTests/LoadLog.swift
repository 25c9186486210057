import Foundation

/// What a `load` run of the driver printed: what returned, what failed, and when each phase
/// began.
struct LoadLog: Sendable {
    /// The transactions whose `syncPurchases` or `restorePurchases` returned.
    var purchases: [String] = []
    /// The markers of the events whose `capture` returned.
    var captures: [String] = []
    /// How many `signOut` and `reset` calls returned (each records one `$sign_out`).
    var signOuts = 0
    /// Calls that threw, as `<method> <error>`.
    var errors: [String] = []
    /// Diagnostic codes the SDK reported.
    var diagnostics: [String] = []
    /// The unix time each phase began (`load`, `delivering`, `done`).
    var phases: [String: Date] = [:]
    /// The `name=value` words of the `delivering` line (`calls`, `methods`, `seconds`).
    var figures: [String: String] = [:]

    /// Reads `lines`.
    init(lines: [String]) {
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            switch (words.first, words.dropFirst().first) {
            case ("returned", "purchase"): purchases += words.dropFirst(2)
            case ("returned", "capture"): captures += words.dropFirst(2)
            case ("returned", "signout"): signOuts += 1
            case ("error", _): errors.append(words.dropFirst().joined(separator: " "))
            case ("diagnostic", let code?): diagnostics.append(code)
            case ("phase", let phase?):
                phases[phase] = words.dropFirst(2).first.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
                for word in words.dropFirst(3) {
                    let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                    if parts.count == 2 { figures[parts[0]] = parts[1] }
                }
            default: continue
            }
        }
    }
}
