import Foundation
import SDKEmulator
import Testing

extension StressTests {
    /// Kills a process using the SDK at random moments and checks, after a restart on the same
    /// storage, that everything that returned to the app reached Voidhash exactly once, in order.
    // The shortest time limit of a test and its suites applies: the long mode's 1,000 trials
    // take about 100 s here, so the suite's limit is the test's.
    @Suite("Crash consistency", .timeLimit(.minutes(5)))
    struct CrashConsistencyTests {
        @Test func aKilledProcessLosesNothingReturnedAndAppliesNothingTwice() async throws {
            try await withDriverEmulator { emulator, root in
                var random = SeededRandomNumberGenerator(seed: 2026_11_29)
                var summary = CrashSummary()
                let started = ContinuousClock.now
                for number in 0..<ReliabilityMode.crashTrials {
                    await emulator.server.reset()
                    // 22 markers: `started`, then the 21 `begin` lines of three cycles. Half the kills
                    // come within 0.5 ms of the marker (inside the call's first write), half within 15 ms.
                    let spread: UInt32 = Bool.random(using: &random) ? 500 : 15_000
                    let plan = KillPlan(
                        marker: Int.random(in: 1...22, using: &random),
                        delayMicroseconds: UInt32.random(in: 0...spread, using: &random))
                    summary.add(try await CrashTrial(emulator: emulator, root: root, number: number, plan: plan).run())
                }
                print(summary.report + "\nduration: \(ContinuousClock.now - started)")
                for violation in summary.violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
                #expect(summary.violations.isEmpty)
                #expect(summary.midCallKills > 0)
            }
        }
    }
}
