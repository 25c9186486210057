import Foundation
import SDKEmulator
import Testing
import VoidhashAPI

extension StressTests {
    /// Writes paired with state (a sign-in's link and the signed-in identity, a `$sign_out` and
    /// the new anonymous identity, a `$groupidentify` and the groups) queued once whatever
    /// happens around the call: a kill inside it, then a relaunch that runs the app's code again.
    @Suite("Writes paired with state queued once across relaunches", .timeLimit(.minutes(10)))
    struct PairedWriteOnceTests {
        /// Runs `ReliabilityMode.relaunchTrials` trials of `mode` (a crash-driver mode): `prepare`
        /// runs first without a kill, then `mode` is killed up to 3 ms after its call began,
        /// relaunched, and drained; `check` says what is wrong with the emulator's record.
        static func trials(
            _ mode: String, prepare: String? = nil, check: (EmulatorRecord, Int) -> [String]
        ) async throws {
            try await withDriverEmulator { emulator, root in
                var random = SeededRandomNumberGenerator(seed: 2026_12_02)
                var violations: [String] = []
                var killedInsideTheCall = 0
                for number in 0..<ReliabilityMode.relaunchTrials {
                    await emulator.server.reset()
                    let directory = root.appendingPathComponent("\(mode)-\(number)", isDirectory: true)
                    defer { try? FileManager.default.removeItem(at: directory) }
                    var found: [String] = []
                    if let prepare {
                        let prepared = try await emulator.run([prepare, "--seed", "\(number)"], storage: directory)
                        found += PurchaseOnceTests.problems(prepared, prepare)
                    }
                    // Markers: `started`, then `begin <mode>`; the kill comes up to 3 ms after it.
                    let plan = KillPlan(marker: 2, delayMicroseconds: UInt32.random(in: 0...3_000, using: &random))
                    let arguments = [mode, "--seed", "\(number)"]
                    let killed = try await emulator.run(arguments, storage: directory, kill: plan)
                    let relaunch = try await emulator.run(arguments, storage: directory)
                    let drain = try await emulator.run(["drain"], storage: directory)
                    if PurchaseOnceTests.wasKilled(killed), killed.lines.last?.hasPrefix("begin \(mode)") == true {
                        killedInsideTheCall += 1
                    }
                    found += check(EmulatorRecord(state: emulator.state, server: emulator.server), number)
                    found += PurchaseOnceTests.problems(killed, "first launch")
                    found += PurchaseOnceTests.problems(relaunch, "relaunch")
                    found += PurchaseOnceTests.problems(drain, "drain")
                    if !drain.lines.contains("drained pending=0") { found.append("the drain left work queued") }
                    violations += found.map { "trial \(number) (\(plan)): \($0)" }
                }
                print(
                    "\(mode) across a kill and a relaunch: \(ReliabilityMode.relaunchTrials) trials, "
                        + "\(killedInsideTheCall) killed inside the call; violations: \(violations.count)")
                for violation in violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
                #expect(violations.isEmpty)
                #expect(killedInsideTheCall > ReliabilityMode.relaunchTrials / 2)
            }
        }

        /// Problems unless exactly one stored event is named `name` and matches `filter`
        /// (described by `subject`).
        static func exactlyOne(
            _ name: String, _ subject: String, in record: EmulatorRecord, where filter: (Event) -> Bool
        ) -> [String] {
            let count = record.events.filter { $0.event == name && filter($0) }.count
            return count == 1 ? [] : ["\(count) \(name) events for \(subject)"]
        }

        @Test("a kill inside identifyState, then a relaunch that signs in again: one link, under one key")
        func aKilledSignInRerunByTheRelaunchQueuesOneLink() async throws {
            try await Self.trials("signin") { record, number in
                let keys = record.linkArrivals.values.map(EmulatorRecord.itemCount).reduce(0, +)
                var found = keys == 1 ? [] : ["the link was queued under \(keys) keys"]
                if !record.links.values.contains("user-\(number)") { found.append("no link to user-\(number)") }
                return found
            }
        }

        @Test("a kill inside signOut, then a relaunch that signs out a user still signed in: one $sign_out")
        func aKilledSignOutRerunByTheRelaunchQueuesOneSignOutEvent() async throws {
            try await Self.trials("signout", prepare: "signin") { record, number in
                Self.exactlyOne("$sign_out", "user-\(number)", in: record) { $0.distinctId == "user-\(number)" }
            }
        }

        @Test("a kill inside group, then a relaunch that joins the same group again: one $groupidentify")
        func aKilledGroupRerunByTheRelaunchQueuesOneGroupIdentify() async throws {
            try await Self.trials("group") { record, number in
                Self.exactlyOne("$groupidentify", "team-\(number)", in: record) {
                    $0.properties["$group_key"] == .string("team-\(number)")
                }
            }
        }
    }
}
