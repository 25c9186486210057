import Foundation
import SDKEmulator
import Testing

extension StressTests {
    /// A sign-in queued once whatever happens around `identifyState`: a kill inside it, then a
    /// relaunch that runs the app's sign-in again.
    @Suite("Sign-in links queued once across relaunches", .timeLimit(.minutes(10)))
    struct SignInOnceTests {
        @Test("a kill inside identifyState, then a relaunch that signs in again: one link, under one key")
        func aKilledSignInRerunByTheRelaunchQueuesOneLink() async throws {
            try await withDriverEmulator { emulator, root in
                var random = SeededRandomNumberGenerator(seed: 2026_12_02)
                var violations: [String] = []
                var killedInsideASignIn = 0
                for number in 0..<ReliabilityMode.relaunchTrials {
                    await emulator.server.reset()
                    let directory = root.appendingPathComponent("signin-\(number)", isDirectory: true)
                    defer { try? FileManager.default.removeItem(at: directory) }
                    // Markers: `started`, then `begin signin`; the kill comes up to 3 ms after it.
                    let plan = KillPlan(marker: 2, delayMicroseconds: UInt32.random(in: 0...3_000, using: &random))
                    let arguments = ["signin", "--seed", "\(number)"]
                    let killed = try await emulator.run(arguments, storage: directory, kill: plan)
                    let relaunch = try await emulator.run(arguments, storage: directory)
                    let drain = try await emulator.run(["drain"], storage: directory)
                    if StressTests.PurchaseOnceTests.wasKilled(killed),
                        killed.lines.last?.hasPrefix("begin signin") == true
                    {
                        killedInsideASignIn += 1
                    }
                    let record = EmulatorRecord(state: emulator.state, server: emulator.server)
                    let keys = record.linkArrivals.values.map(EmulatorRecord.itemCount).reduce(0, +)
                    var found: [String] = []
                    if keys != 1 { found.append("the link was queued under \(keys) keys") }
                    if !record.links.values.contains("user-\(number)") { found.append("no link to user-\(number)") }
                    found += StressTests.PurchaseOnceTests.problems(killed, "first launch")
                    found += StressTests.PurchaseOnceTests.problems(relaunch, "relaunch")
                    found += StressTests.PurchaseOnceTests.problems(drain, "drain")
                    if !drain.lines.contains("drained pending=0") { found.append("the drain left work queued") }
                    violations += found.map { "trial \(number) (\(plan)): \($0)" }
                }
                print(
                    "sign-in across a kill and a relaunch: \(ReliabilityMode.relaunchTrials) trials, "
                        + "\(killedInsideASignIn) killed inside identifyState; violations: \(violations.count)")
                for violation in violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
                #expect(violations.isEmpty)
                #expect(killedInsideASignIn > ReliabilityMode.relaunchTrials / 2)
            }
        }
    }
}
