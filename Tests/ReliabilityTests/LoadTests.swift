import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// A thousand tasks call every public method of one Voidhash instance at once, for a bounded
/// time, while the emulator fails about one request in eight; afterwards (faults cleared, queue
/// flushed) every purchase and event handed over is on the emulator exactly once.
@Suite("Load", .serialized)
struct LoadTests {
    @Test(.timeLimit(.minutes(5)))
    func aThousandTasksUnderFaultsLoseNothingAndApplyNothingTwice() async throws {
        try await withVoidhashHarness { harness in
            let voidhash = try harness.launch()
            // 3 % dropped connections, then 10 % of the rest answered 503.
            harness.server.inject(.dropConnection, route: nil, scope: .failFraction(0.03, seed: 11))
            harness.server.inject(
                .status(503, code: "INTERNAL", retryAfter: nil), route: nil, scope: .failFraction(0.1, seed: 7))
            let ledger = LoadLedger()
            let duration = ReliabilityMode.loadDuration
            let started = ContinuousClock.now
            let deadline = started + duration
            // SDK time runs 20 times faster than real time, so waits and back-offs end.
            let ticker = ClockTicker(harness.clock, step: .milliseconds(200), every: .milliseconds(10))
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<1_000 {
                    group.addTask {
                        var random = SeededRandomNumberGenerator(seed: UInt64(task))
                        while ContinuousClock.now < deadline {
                            let operation = LoadOperation.allCases.randomElement(using: &random) ?? .flush
                            await operation.perform(on: voidhash, store: harness.store, task: task, ledger: ledger)
                        }
                    }
                }
            }
            let loadEnded = ContinuousClock.now
            ticker.stop()
            let underLoad = EmulatorRecord(state: harness.state, server: harness.server)
            // The queue left behind is delivered under the same faults, with no other callers.
            let faultedDrainEnd = ContinuousClock.now + duration / 2
            while ContinuousClock.now < faultedDrainEnd, await voidhash.pendingDeliveryCount() != 0 {
                await voidhash.flush()
                harness.clock.advance(by: .seconds(301))
            }
            let underFaults = EmulatorRecord(state: harness.state, server: harness.server)
            harness.server.clearFaults()
            let pending = await harness.drain(voidhash)
            let record = EmulatorRecord(state: harness.state, server: harness.server)
            let calls = ledger.calls.values.reduce(0, +)
            print(
                """
                load: 1000 tasks, \(calls) calls of \(ledger.calls.count) methods in \(loadEnded - started); \
                \(ledger.returnedPurchases.count) purchases, \(ledger.returnedCaptures.count) captures and \
                \(ledger.returnedSignOuts) sign-outs returned
                requests under load: \(underLoad.requestCount) (\(underLoad.faultedCount) failed on purpose); \
                delivering under faults: \(underFaults.requestCount - underLoad.requestCount) \
                (\(underFaults.faultedCount - underLoad.faultedCount) failed on purpose); \
                after clearing the faults: \(record.requestCount - underFaults.requestCount); \
                total \(ContinuousClock.now - started)
                """)
            #expect(pending == 0)
            #expect(ledger.errors.isEmpty, "\(ledger.errors.prefix(5))")
            #expect(Set(ledger.calls.keys) == Set(LoadOperation.allCases))
            let stored = Dictionary(grouping: harness.state.purchases, by: \.purchase.transactionId)
            let missing = ledger.returnedPurchases.filter { stored[$0] == nil }
            #expect(missing.isEmpty, "purchases lost: \(missing.prefix(5))")
            #expect(stored.values.allSatisfy { $0.count == 1 })
            let captured = Dictionary(
                grouping: harness.state.events.filter { $0.event == "load_event" }, by: { $0.properties["marker"] })
            let lostEvents = ledger.returnedCaptures.filter { captured[.string($0)]?.count != 1 }
            #expect(lostEvents.isEmpty, "captures lost or doubled: \(lostEvents.prefix(5))")
            let signOuts = harness.state.events.filter { $0.event == "$sign_out" }
            #expect(signOuts.count == ledger.returnedSignOuts)
            #expect(Set(harness.state.events.map(\.id)).count == harness.state.events.count)
            #expect(record.linkArrivals.values.allSatisfy { EmulatorRecord.itemCount($0) == 1 })
            let troubles: Set<VoidhashDiagnostic.Code> = [
                .storageWriteFailed, .storageUnavailable, .deliveryQuarantined, .personWriteRejected, .eventRejected,
            ]
            #expect(harness.diagnosticCodes.filter(troubles.contains).isEmpty, "\(harness.diagnostics.all.prefix(5))")
            await voidhash.shutdown()
        }
    }
}
