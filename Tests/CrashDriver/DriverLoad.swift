import Foundation
import SDKRuntime
import Voidhash

/// The `load` mode: `tasks` tasks call every public method of one instance for `seconds`, then
/// the queue left is delivered for half that time with no other callers, and the process exits
/// (what is still queued stays stored for a `drain`).
///
/// The SDK's clock is a `ManualClock` moved 20 times faster than real time on a thread of its
/// own, so waits and back-offs end. Logs `phase load|delivering|done <unix time> ...` at each
/// boundary, so the harness can split the emulator's request log by phase.
struct DriverLoad {
    /// The instance under load.
    let voidhash: Voidhash
    /// The store the purchases come from.
    let store: DriverPurchaseSource
    /// The SDK's clock.
    let clock: ManualClock

    /// Runs the load and the delivery after it.
    func run(seconds: Double, tasks: Int) async {
        let ledger = LoadLedger()
        let ticker = ClockTicker(clock, step: .milliseconds(200), every: .milliseconds(10))
        let started = ContinuousClock.now
        let deadline = started + .seconds(seconds)
        DriverOutput.line("phase load \(Date().timeIntervalSince1970)")
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask { [voidhash, store] in
                    var random = SplitMix64(seed: UInt64(task))
                    while ContinuousClock.now < deadline {
                        let operation = LoadOperation.allCases.randomElement(using: &random) ?? .flush
                        await operation.perform(on: voidhash, store: store, task: task, ledger: ledger)
                    }
                }
            }
        }
        ticker.stop()
        let loadTime = ContinuousClock.now - started
        DriverOutput.line(
            "phase delivering \(Date().timeIntervalSince1970) calls=\(ledger.totalCalls) "
                + "methods=\(ledger.methodsCalled) seconds=\(loadTime.components.seconds)")
        let deliveryEnd = ContinuousClock.now + .seconds(seconds / 2)
        while ContinuousClock.now < deliveryEnd, await voidhash.pendingDeliveryCount() != 0 {
            await voidhash.flush()
            clock.advance(by: .seconds(301))
        }
        let pending = await voidhash.pendingDeliveryCount().map(String.init) ?? "unknown"
        DriverOutput.line("phase done \(Date().timeIntervalSince1970) pending=\(pending)")
    }
}
