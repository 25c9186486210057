import Foundation
import SDKEmulator
import VoidhashAPI

/// Delivery through the SDK while 1,000 tasks use it, against delivery while nothing else calls
/// it: events captured while a delivery request waits for its answer are delivered once it is
/// answered, and the rate at which they reach the emulator is compared.
///
/// Each caller reads the person (`getCurrentPerson()`, a fresh cache: one turn of the SDK's core)
/// every 10 ms, as screens checking access would; together they keep the core busy with about
/// 100,000 turns a second, beside which delivery must get its own.
enum DeliveryUnderCallersBenchmark {
    private static let group = "queue"
    private static let callers = 1_000

    /// Measures both rates and their ratio.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        let count = context.quick ? 1_000 : 5_000
        context.log("queue: Voidhash delivery of \(count) events, idle and with \(callers) callers")
        var idle: [Double] = []
        var busy: [Double] = []
        var readersAlone: [Double] = []
        for sample in 0..<context.samples(3, quick: 1) {
            idle.append(try await rate(context, events: count, callers: 0, name: "delivery-idle-\(sample)").rate)
            let measured = try await rate(context, events: count, callers: callers, name: "delivery-busy-\(sample)")
            busy.append(measured.rate)
            readersAlone.append(measured.readersCores)
        }
        return [
            Figure(
                group: group, name: "Voidhash delivery of \(count) events, nothing else calling",
                unit: .perSecond, values: idle),
            Figure(
                group: group, name: "Voidhash delivery of \(count) events, \(callers) tasks reading the person",
                unit: .perSecond, values: busy),
            Figure(
                group: group, name: "delivery rate with \(callers) callers / idle rate", unit: .times,
                values: zip(busy, idle).map { $0 / $1 }, target: .atLeast(0.8),
                note: "each sample's two rates measured back to back"),
            Figure(
                group: group, name: "CPU the \(callers) reading tasks take before delivery starts", unit: .cores,
                values: readersAlone,
                note:
                    "process CPU time over 1 s of wall time, of the machine's \(ProcessInfo.processInfo.activeProcessorCount) cores"
            ),
        ]
    }

    /// Events per second from the answer to a held delivery request until `flush()` returns with
    /// every event on the emulator, while `callers` tasks read the person every 10 ms; and the
    /// cores those tasks keep busy on their own, measured for a second before delivery starts.
    private static func rate(
        _ context: BenchmarkContext, events count: Int, callers: Int, name: String
    ) async throws -> (rate: Double, readersCores: Double) {
        try await VoidhashFixture.with(context, name: name) { fixture in
            let voidhash = fixture.voidhash
            _ = try await voidhash.getCurrentPerson(forceFetch: true)
            let route = VoidhashEmulator.routeName(for: .captureEvents)
            fixture.server.inject(.hold, route: route)
            for index in 0..<count { await voidhash.capture("bench_\(index % 10)") }
            let readers = (0..<callers).map { _ in
                Task {
                    while !Task.isCancelled {
                        _ = try? await voidhash.getCurrentPerson()
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                }
            }
            var readersCores = 0.0
            if callers > 0 {
                let cpuBefore = processCPUSeconds()
                let wallBefore = ContinuousClock.now
                try await Task.sleep(for: .seconds(1))
                readersCores = (processCPUSeconds() - cpuBefore) / Sampler.seconds(ContinuousClock.now - wallBefore)
            }
            fixture.server.clearFaults(route: route)
            let start = ContinuousClock.now
            _ = fixture.server.release(route: route)
            await voidhash.flush()
            let elapsed = ContinuousClock.now - start
            for reader in readers { reader.cancel() }
            for reader in readers { await reader.value }
            let delivered = fixture.state.events.count
            guard delivered == count else {
                throw ChildProcess.Failure(description: "delivered \(delivered) of \(count) events")
            }
            return (Double(count) / Sampler.seconds(elapsed), readersCores)
        }
    }

    /// User and system CPU time this process has used so far, in seconds.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return ChildProcess.seconds(usage.ru_utime) + ChildProcess.seconds(usage.ru_stime)
    }
}
