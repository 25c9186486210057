import Foundation
import SDKEmulator
import Testing

/// Kills a process using the SDK at random moments and checks, after a restart on the same
/// storage, that everything that returned to the app reached Voidhash exactly once, in order.
@Suite("Crash consistency", .serialized)
struct CrashConsistencyTests {
    @Test(.timeLimit(.minutes(20)))
    func aKilledProcessLosesNothingReturnedAndAppliesNothingTwice() async throws {
        let executable = try #require(DriverExecutable.url, "voidhash-crash-driver is not built")
        let state = VoidhashEmulatorState()
        let server = VoidhashEmulator.makeServer(state: state)
        let baseURL = try await server.start()
        var random = SeededRandomNumberGenerator(seed: 2026_11_29)
        var summary = CrashSummary()
        let started = ContinuousClock.now
        for number in 0..<ReliabilityMode.crashTrials {
            await server.reset()
            // 16 markers: `started`, then the 15 `begin` lines of three cycles.
            let plan = KillPlan(
                marker: Int.random(in: 1...16, using: &random),
                delayMicroseconds: UInt32.random(in: 0...15_000, using: &random))
            let trial = CrashTrial(
                executable: executable, baseURL: baseURL, state: state, server: server, number: number, plan: plan)
            summary.add(try await trial.run())
        }
        await server.stop()
        print(summary.report + "\nduration: \(ContinuousClock.now - started)")
        for violation in summary.violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
        #expect(summary.violations.isEmpty)
        #expect(summary.midCallKills > 0)
    }
}
