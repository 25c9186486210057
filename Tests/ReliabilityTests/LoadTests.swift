import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

extension StressTests {
    /// A thousand tasks call every public method of one Voidhash instance at once, in a process
    /// of its own, for a bounded time, while the emulator fails about one request in eight;
    /// afterwards (faults cleared, the queue drained by a new launch) every purchase and event
    /// handed over is on the emulator exactly once.
    // The shortest time limit of a test and its suites applies: the long mode's minute of load
    // and its delivery need more than one.
    @Suite("Load", .timeLimit(.minutes(5)))
    struct LoadTests {
        @Test func aThousandTasksUnderFaultsLoseNothingAndApplyNothingTwice() async throws {
            try await withDriverEmulator(loggedRequests: 1_000_000) { emulator, root in
                let storage = root.appendingPathComponent("load")
                // 3 % dropped connections, then 10 % of the rest answered 503.
                emulator.server.inject(.dropConnection, route: nil, scope: .failFraction(0.03, seed: 11))
                emulator.server.inject(
                    .status(503, code: "INTERNAL", retryAfter: nil), route: nil, scope: .failFraction(0.1, seed: 7))
                let seconds = ReliabilityMode.loadDuration.components.seconds
                let run = try await emulator.run(
                    ["load", "--seconds", "\(seconds)", "--tasks", "1000"], storage: storage)
                emulator.server.clearFaults()
                let drain = try await emulator.run(["drain"], storage: storage)
                let log = LoadLog(lines: run.lines)
                let record = EmulatorRecord(state: emulator.state, server: emulator.server)
                print(report(log, emulator.server.requests()))

                #expect(!run.diedOfSignal && run.status == 0 && log.phases["done"] != nil, "\(run.lines.suffix(3))")
                #expect(drain.lines.contains("drained pending=0"))
                #expect(emulator.server.requests().first?.sequence == 1, "the request log kept every request")
                #expect(log.errors.isEmpty, "\(log.errors.prefix(5))")
                #expect(log.figures["methods"] == "23", "every public method was called and returned")
                let stored = Dictionary(grouping: emulator.state.purchases, by: \.purchase.transactionId)
                let missing = log.purchases.filter { stored[$0] == nil }
                #expect(missing.isEmpty, "purchases lost: \(missing.prefix(5))")
                #expect(stored.values.allSatisfy { $0.count == 1 })
                let captured = Dictionary(
                    grouping: emulator.state.events.filter { $0.event == "load_event" },
                    by: { $0.properties["marker"] })
                let lostEvents = log.captures.filter { captured[.string($0)]?.count != 1 }
                #expect(lostEvents.isEmpty, "captures lost or doubled: \(lostEvents.prefix(5))")
                #expect(emulator.state.events.filter { $0.event == "$sign_out" }.count == log.signOuts)
                #expect(Set(emulator.state.events.map(\.id)).count == emulator.state.events.count)
                #expect(record.linkArrivals.values.allSatisfy { EmulatorRecord.itemCount($0) == 1 })
                let diagnostics = log.diagnostics + DriverLog(lines: drain.lines).diagnostics
                #expect(diagnostics.isEmpty, "no storage, quarantine or rejection diagnostic: \(Set(diagnostics))")
            }
        }

        /// The figures of a run: calls, what returned, and the requests of each phase.
        private func report(_ log: LoadLog, _ requests: [RecordedRequest]) -> String {
            let delivering = log.phases["delivering"] ?? .distantFuture
            let done = log.phases["done"] ?? .distantFuture
            let underLoad = requests.filter { $0.request.receivedAt < delivering }
            let underFaults = requests.filter { $0.request.receivedAt >= delivering && $0.request.receivedAt < done }
            let after = requests.count - underLoad.count - underFaults.count
            let faulted = { (requests: [RecordedRequest]) in requests.filter { $0.fault != nil }.count }
            return """
                load: 1000 tasks, \(log.figures["calls"] ?? "?") calls of \(log.figures["methods"] ?? "?") methods \
                in \(log.figures["seconds"] ?? "?") s; \(log.purchases.count) purchases, \(log.captures.count) \
                captures and \(log.signOuts) sign-outs returned
                requests under load: \(underLoad.count) (\(faulted(underLoad)) failed on purpose); delivering \
                under faults: \(underFaults.count) (\(faulted(underFaults)) failed on purpose); after clearing \
                the faults, by a new launch: \(after)
                """
        }
    }
}
