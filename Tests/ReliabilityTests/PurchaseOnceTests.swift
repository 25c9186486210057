import Foundation
import SDKEmulator
import Testing

extension StressTests {
    /// Purchases queued once whatever happens around `syncPurchases`: a kill inside it followed
    /// by a relaunch that runs the app's code again (the store offers the same transactions), two
    /// processes opening one fresh directory at once, and two syncing one store on one database.
    @Suite("Purchases queued once across relaunches and processes", .timeLimit(.minutes(10)))
    struct PurchaseOnceTests {
        /// The transactions a `purchases` run adds for `seed`.
        static func transactions(seed: Int, count: Int) -> [String] {
            (0..<count).map { "tx-\(seed)-\($0)" }
        }

        /// What is wrong with `record`'s purchases of `transactions`: each must be there,
        /// stored once, and sent under one idempotency key (two keys: queued twice); with
        /// `inOneRequest` (no process was killed), also sent in exactly one request (two: two
        /// processes sent it, or one sent it twice).
        static func problems(_ record: EmulatorRecord, _ transactions: [String], inOneRequest: Bool = false)
            -> [String]
        {
            transactions.compactMap { transaction in
                let arrivals = record.purchaseArrivals[transaction]
                let keys = EmulatorRecord.itemCount(arrivals)
                let stored = record.purchases(transactionId: transaction).count
                let requests = arrivals?.count ?? 0
                guard keys != 1 || stored != 1 || (inOneRequest && requests != 1) else { return nil }
                return "\(transaction): sent in \(requests) requests under \(keys) keys, stored \(stored) times"
            }
        }

        /// What `emulator` holds now.
        static func record(_ emulator: DriverEmulator) -> EmulatorRecord {
            EmulatorRecord(state: emulator.state, server: emulator.server)
        }

        @Test(
            "a kill inside syncPurchases, then a relaunch that syncs the same store again: each transaction under one key"
        )
        func aKilledSyncRerunByTheRelaunchQueuesEachTransactionOnce() async throws {
            // Markers: `started`, then one `begin sync` per transaction; the kill comes 0.06 to
            // 2.5 ms after a sync began.
            let trials = RelaunchTrials(
                mode: "purchases", call: "sync", seed: 2026_12_01, arguments: { ["--seed", "\($0)", "--cycles", "4"] }
            ) { random in
                KillPlan(
                    marker: Int.random(in: 2...5, using: &random),
                    delayMicroseconds: UInt32.random(in: 60...2_500, using: &random))
            }
            try await trials.run { record, number in Self.problems(record, Self.transactions(seed: number, count: 4)) }
        }

        @Test(
            "two processes opening a fresh directory at once, one of them often killed and relaunched: nothing moved aside, each transaction once"
        )
        func twoProcessesOnAFreshDirectoryOneKilledQueueEachTransactionOnce() async throws {
            try await withDriverEmulator { emulator, root in
                var random = SeededRandomNumberGenerator(seed: 2026_12_02)
                var violations: [String] = []
                var killed = 0
                for number in 0..<ReliabilityMode.freshDirectoryTrials {
                    await emulator.server.reset()
                    let directory = root.appendingPathComponent("fresh-\(number)", isDirectory: true)
                    defer { try? FileManager.default.removeItem(at: directory) }
                    let seeds = [2 * number, 2 * number + 1]
                    let arguments = seeds.map { ["purchases", "--seed", "\($0)", "--cycles", "2"] }
                    // Markers: `started`, then one `begin sync` per transaction. In two trials of
                    // three one process is killed, up to 3 ms after one of them.
                    let victim = Int.random(in: 0...2, using: &random)
                    let plan = KillPlan(
                        marker: Int.random(in: 1...3, using: &random),
                        delayMicroseconds: UInt32.random(in: 0...3_000, using: &random))
                    async let one = emulator.run(arguments[0], storage: directory, kill: victim == 0 ? plan : nil)
                    async let other = emulator.run(arguments[1], storage: directory, kill: victim == 1 ? plan : nil)
                    let runs = try await [one, other]
                    var found = runs[0].problems(as: "first process") + runs[1].problems(as: "second process")
                    for (index, run) in runs.enumerated() where run.wasKilled {
                        killed += 1
                        found += try await emulator.run(arguments[index], storage: directory).problems(as: "relaunch")
                    }
                    let drain = try await emulator.run(["drain"], storage: directory)
                    found += Self.problems(
                        Self.record(emulator), seeds.flatMap { Self.transactions(seed: $0, count: 2) },
                        inOneRequest: !runs.contains(where: \.wasKilled))
                    found += drain.problems(as: "drain")
                    if !drain.lines.contains("drained pending=0") { found.append("the drain left work queued") }
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                    found += names.filter { $0.contains(".corrupt-") }.map { "moved aside: \($0)" }
                    violations += found.map { "trial \(number) (\(victim < 2 ? "\(plan)" : "no kill")): \($0)" }
                }
                print(
                    "two processes on a fresh directory: \(ReliabilityMode.freshDirectoryTrials) trials, "
                        + "\(killed) killed and relaunched; violations: \(violations.count)")
                for violation in violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
                #expect(violations.isEmpty)
                #expect(killed > ReliabilityMode.freshDirectoryTrials / 3)
            }
        }

        @Test(
            "two processes syncing the same store on one existing database: each transaction under one key, in one request"
        )
        func twoProcessesOnOneDatabaseQueueEachTransactionOnce() async throws {
            try await withDriverEmulator { emulator, root in
                var violations: [String] = []
                let directory = root.appendingPathComponent("shared", isDirectory: true)
                let first = try await emulator.run(["drain"], storage: directory)
                violations += first.problems(as: "first launch")
                for round in 0..<ReliabilityMode.sharedPurchaseRounds {
                    await emulator.server.reset()
                    let arguments = ["purchases", "--seed", "\(round)", "--cycles", "300"]
                    async let one = emulator.run(arguments, storage: directory)
                    async let other = emulator.run(arguments, storage: directory)
                    let runs = try await [one, other]
                    let drain = try await emulator.run(["drain"], storage: directory)
                    var found = Self.problems(
                        Self.record(emulator), Self.transactions(seed: round, count: 300), inOneRequest: true)
                    found += runs[0].problems(as: "first process") + runs[1].problems(as: "second process")
                    found += drain.problems(as: "drain")
                    violations += found.map { "round \(round): \($0)" }
                }
                for violation in violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
                #expect(violations.isEmpty)
            }
        }
    }
}
