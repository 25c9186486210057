import Foundation
import SDKEmulator
import Voidhash
import VoidhashAPI

/// Delivery through the SDK while 1,000 tasks use it, against delivery while nothing else calls
/// it: events captured while a delivery request waits for its answer are delivered once it is
/// answered, and the rate at which they reach the emulator is compared.
///
/// Each caller makes one call every 10 ms, about 100,000 calls a second together, in two runs:
/// reading the person (`getCurrentPerson()` of a fresh snapshot, as screens checking access
/// would; it answers without a turn of the SDK's core), and reading the distinct ID
/// (`getDistinctId()`, a turn of the core each, beside which delivery must get its own). The CPU
/// the callers take by themselves is measured too: what is left of the machine bounds delivery.
enum DeliveryUnderCallersBenchmark {
    private static let group = "queue"
    private static let callers = 1_000

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

    /// Measures the rates, their ratios, and the callers' own CPU.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        let count = context.quick ? 1_000 : 5_000
        context.log("queue: Voidhash delivery of \(count) events, idle and with \(callers) callers")
        var idle: [Double] = []
        var busy: [Call: [Double]] = [:]
        var callersAlone: [Call: [Double]] = [:]
        for sample in 0..<context.samples(3, quick: 1) {
            idle.append(try await rate(context, events: count, callers: nil, name: "delivery-idle-\(sample)").rate)
            for call in Call.allCases {
                let measured = try await rate(
                    context, events: count, callers: call, name: "delivery-busy-\(call)-\(sample)")
                busy[call, default: []].append(measured.rate)
                callersAlone[call, default: []].append(measured.callersCores)
            }
        }
        var figures = [
            Figure(
                group: group, name: "Voidhash delivery of \(count) events, nothing else calling",
                unit: .perSecond, values: idle)
        ]
        for call in Call.allCases {
            let rates = busy[call, default: []]
            figures += [
                Figure(
                    group: group, name: "Voidhash delivery of \(count) events, \(callers) tasks \(call.name)",
                    unit: .perSecond, values: rates),
                Figure(
                    group: group, name: "delivery rate with \(callers) tasks \(call.name) / idle rate", unit: .times,
                    values: zip(rates, idle).map { $0 / $1 }, target: .atLeast(0.8),
                    note: "each sample's rates measured back to back"),
            ]
        }
        for call in Call.allCases {
            figures.append(
                Figure(
                    group: group, name: "CPU the \(callers) tasks \(call.name) take before delivery starts",
                    unit: .cores, values: callersAlone[call, default: []],
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
        _ context: BenchmarkContext, events count: Int, callers call: Call?, name: String
    ) async throws -> (rate: Double, callersCores: Double) {
        try await VoidhashFixture.with(context, name: name) { fixture in
            let voidhash = fixture.voidhash
            _ = try await voidhash.getCurrentPerson(forceFetch: true)
            let route = VoidhashEmulator.routeName(for: .captureEvents)
            fixture.server.inject(.hold, route: route)
            for index in 0..<count { await voidhash.capture("bench_\(index % 10)") }
            let readers = (0..<(call == nil ? 0 : callers)).map { _ in
                Task {
                    while !Task.isCancelled {
                        await call?.make(voidhash)
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                }
            }
            var callersCores = 0.0
            if call != nil {
                let cpuBefore = processCPUSeconds()
                let wallBefore = ContinuousClock.now
                try await Task.sleep(for: .seconds(1))
                callersCores = (processCPUSeconds() - cpuBefore) / Sampler.seconds(ContinuousClock.now - wallBefore)
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
            return (Double(count) / Sampler.seconds(elapsed), callersCores)
        }
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
