import Foundation
import SDKEmulator
import Voidhash
import VoidhashAPI

/// Delivery through the SDK while 1,000 tasks use it, against delivery while nothing else calls
/// it: events captured while a delivery request waits for its answer are delivered once it is
/// answered, and the rate at which they reach the emulator is compared.
///
/// Each caller makes one call every 10 ms, about 100,000 calls a second together: reading the
/// person (`getCurrentPerson()` of a fresh snapshot, as screens checking access would; it answers
/// without a turn of the SDK's core), or reading the distinct ID (`getDistinctId()`, a turn of the
/// core each, beside which delivery must get its own). The callers are paced by one
/// ``SharedTick``, so all 1,000 call at once, as views reading on a frame tick do; that is the
/// run with the target. The same callers each pacing themselves with `Task.sleep` are measured
/// too, without a target: their timers alone take about a core of a 2-core machine. The CPU the
/// callers take by themselves is measured in every run: what is left of the machine bounds
/// delivery.
enum DeliveryUnderCallersBenchmark {
    private static let group = "queue"
    private static let callers = 1_000
    private static let interval = Duration.milliseconds(10)

    /// The call each caller makes.
    private enum Call: CaseIterable {
        case person
        case distinctId

        /// The call, in words.
        var name: String {
            switch self {
            case .person: "reading the person"
            case .distinctId: "reading the distinct ID"
            }
        }

        func make(_ voidhash: Voidhash) async {
            switch self {
            case .person: _ = try? await voidhash.getCurrentPerson()
            case .distinctId: _ = await voidhash.getDistinctId()
            }
        }
    }

    /// How each caller waits between its calls.
    private enum Pacing: CaseIterable {
        /// One ``SharedTick`` for all callers.
        case sharedTick
        /// A `Task.sleep` of its own.
        case ownTimer

        /// The pacing, in words.
        var name: String {
            switch self {
            case .sharedTick: "on one tick"
            case .ownTimer: "each on its own timer"
            }
        }
    }

    /// What the callers of one run do.
    private struct Callers: Hashable, CaseIterable {
        let call: Call
        let pacing: Pacing

        static let allCases = Pacing.allCases.flatMap { pacing in
            Call.allCases.map { Callers(call: $0, pacing: pacing) }
        }

        /// The callers, in words.
        var name: String { "\(DeliveryUnderCallersBenchmark.callers) tasks \(call.name) \(pacing.name)" }
    }

    /// Measures the rates, their ratios, and the callers' own CPU.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        let count = context.quick ? 1_000 : 5_000
        context.log("queue: Voidhash delivery of \(count) events, idle and with \(callers) callers")
        var idle: [Double] = []
        var busy: [Callers: [Double]] = [:]
        var callersAlone: [Callers: [Double]] = [:]
        for sample in 0..<context.samples(9, quick: 1) {
            idle.append(try await rate(context, events: count, callers: nil, name: "delivery-idle-\(sample)").rate)
            for run in Callers.allCases {
                let measured = try await rate(
                    context, events: count, callers: run,
                    name: "delivery-busy-\(run.call)-\(run.pacing)-\(sample)")
                busy[run, default: []].append(measured.rate)
                callersAlone[run, default: []].append(measured.callersCores)
            }
        }
        var figures = [
            Figure(
                group: group, name: "Voidhash delivery of \(count) events, nothing else calling",
                unit: .perSecond, values: idle)
        ]
        for run in Callers.allCases {
            let rates = busy[run, default: []]
            figures += [
                Figure(
                    group: group, name: "Voidhash delivery of \(count) events, \(run.name)",
                    unit: .perSecond, values: rates),
                Figure(
                    group: group, name: "delivery rate with \(run.name) / idle rate", unit: .times,
                    values: zip(rates, idle).map { $0 / $1 },
                    target: run.pacing == .sharedTick ? .atLeast(0.8) : nil,
                    note: "each sample's rates measured back to back"),
            ]
        }
        for run in Callers.allCases {
            figures.append(
                Figure(
                    group: group, name: "CPU the \(run.name) take before delivery starts",
                    unit: .cores, values: callersAlone[run, default: []],
                    note:
                        "process CPU time over 1 s of wall time, of the machine's \(ProcessInfo.processInfo.activeProcessorCount) cores"
                ))
        }
        return figures
    }

    /// Events per second from the answer to a held delivery request until `flush()` returns with
    /// every event on the emulator, while 1,000 tasks make `callers` every 10 ms (none when
    /// `nil`); and the cores those tasks keep busy on their own, measured for a second before
    /// delivery starts.
    private static func rate(
        _ context: BenchmarkContext, events count: Int, callers run: Callers?, name: String
    ) async throws -> (rate: Double, callersCores: Double) {
        try await VoidhashFixture.with(context, name: name) { fixture in
            let voidhash = fixture.voidhash
            _ = try await voidhash.getCurrentPerson(forceFetch: true)
            let route = VoidhashEmulator.routeName(for: .captureEvents)
            fixture.server.inject(.hold, route: route)
            for index in 0..<count { await voidhash.capture("bench_\(index % 10)") }
            let tick = SharedTick(every: interval)
            defer { tick.stop() }
            let readers = (0..<(run == nil ? 0 : callers)).map { _ in
                Task {
                    while !Task.isCancelled, let run {
                        await run.call.make(voidhash)
                        switch run.pacing {
                        case .sharedTick: await tick.next()
                        case .ownTimer: try? await Task.sleep(for: interval)
                        }
                    }
                }
            }
            let callersCores = run == nil ? 0 : try await processCores(over: .seconds(1))
            fixture.server.clearFaults(route: route)
            let start = ContinuousClock.now
            _ = fixture.server.release(route: route)
            await voidhash.flush()
            let elapsed = ContinuousClock.now - start
            for reader in readers { reader.cancel() }
            tick.stop()
            for reader in readers { await reader.value }
            let delivered = fixture.state.events.count
            guard delivered == count else {
                throw ChildProcess.Failure(description: "delivered \(delivered) of \(count) events")
            }
            return (Double(count) / Sampler.seconds(elapsed), callersCores)
        }
    }

    /// Process CPU time over `duration` of wall time, in cores.
    private static func processCores(over duration: Duration) async throws -> Double {
        let cpuBefore = processCPUSeconds()
        let wallBefore = ContinuousClock.now
        try await Task.sleep(for: duration)
        return (processCPUSeconds() - cpuBefore) / Sampler.seconds(ContinuousClock.now - wallBefore)
    }

    /// User and system CPU time this process has used so far, in seconds.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return ChildProcess.seconds(usage.ru_utime) + ChildProcess.seconds(usage.ru_stime)
    }
}
