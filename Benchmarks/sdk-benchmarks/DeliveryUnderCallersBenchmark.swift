import Foundation
import SDKEmulator
import Voidhash
import VoidhashAPI

/// Delivery through the SDK while 1,000 tasks use it, against delivery while nothing else calls
/// it, measured in alternating windows of one long delivery.
///
/// A backlog of events waits behind a held delivery request; once it is answered, the rate at
/// which events reach the emulator is measured over windows of `eventsPerWindow` delivered
/// events, the callers calling in every other window and making no new call in the others
/// (`SharedTick.pause()`). After each switch the calls settle for two intervals before the window
/// starts (the calls under way at a pause finish, callers released at a resume spread out), so
/// neither kind of window carries the other's load. Each window with callers is compared with
/// the mean of the windows on either side of it, so a spell in which the whole machine runs
/// slower (this 2-core machine is shared, and its speed drifts by a third over seconds) weighs
/// on both sides of a ratio.
///
/// Each caller makes one call every 10 ms, about 100,000 calls a second together: reading the
/// person (`getCurrentPerson()` of a fresh snapshot, as screens checking access would), or reading
/// the distinct ID (`getDistinctId()`); each read takes a turn of the SDK's core, beside which
/// delivery must get its own, and reads made at once share a check of what other processes
/// stored. The callers are paced by one
/// ``SharedTick``, so all 1,000 call at once, as views reading on a frame tick do; that is the
/// run with the target. The same callers each pacing themselves with `Task.sleep` are measured
/// too, without a target: their timers alone take about a core of a 2-core machine. The CPU the
/// callers take by themselves is measured in every run: what is left of the machine bounds
/// delivery.
enum DeliveryUnderCallersBenchmark {
    private static let group = "queue"
    private static let callers = 1_000
    private static let interval = Duration.milliseconds(10)
    /// How often the benchmark looks at how many events the emulator has.
    private static let poll = Duration.milliseconds(2)
    /// How long the calls settle after the callers start or stop, before a window starts.
    private static let settle = interval * 2
    /// The longest a window may take before the run fails (delivery stopped).
    private static let windowLimit = Duration.seconds(60)

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

    /// The rates of one run's windows, and the callers' own CPU.
    private struct Windows {
        /// Events per second in each window without callers, in order.
        var idle: [Double] = []
        /// Events per second in each window with callers, in order; window `i` lies between
        /// idle windows `i` and `i + 1`.
        var busy: [Double] = []
        /// The cores the callers kept busy by themselves before delivery started.
        var callersCores = 0.0

        /// Each busy window's rate over the mean of the idle windows on either side of it.
        var ratios: [Double] {
            busy.indices.map { busy[$0] / ((idle[$0] + idle[$0 + 1]) / 2) }
        }
    }

    /// Measures the rates, their ratios, and the callers' own CPU.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        let pairs = context.samples(9, quick: 2)
        let eventsPerWindow = context.quick ? 1_000 : 3_000
        context.log(
            "queue: Voidhash delivery in windows of \(eventsPerWindow) events, idle and with \(callers) callers")
        var idle: [Double] = []
        var figures: [Figure] = []
        var cores: [Figure] = []
        for run in Callers.allCases {
            let windows = try await measure(
                context, callers: run, pairs: pairs, eventsPerWindow: eventsPerWindow)
            idle += windows.idle
            figures += [
                Figure(
                    group: group, name: "Voidhash delivery, \(run.name)", unit: .perSecond,
                    values: windows.busy, note: "\(eventsPerWindow) events a window"),
                Figure(
                    group: group, name: "delivery rate with \(run.name) / idle rate", unit: .times,
                    values: windows.ratios, target: run.pacing == .sharedTick ? .atLeast(0.8) : nil,
                    note: "each window with callers against the mean of the idle windows on either side"),
            ]
            cores.append(
                Figure(
                    group: group, name: "CPU the \(run.name) take before delivery starts",
                    unit: .cores, values: [windows.callersCores],
                    note:
                        "process CPU time over 1 s of wall time, of the machine's \(ProcessInfo.processInfo.activeProcessorCount) cores"
                ))
        }
        let idleFigure = Figure(
            group: group, name: "Voidhash delivery, nothing else calling", unit: .perSecond, values: idle,
            note: "\(eventsPerWindow) events a window; the idle windows of all four runs")
        return [idleFigure] + figures + cores
    }

    /// Delivers a backlog of events while `callers` call in every other window, and measures
    /// each window's rate: `pairs` windows with callers between `pairs + 1` without, after one
    /// window without them that is not counted (the first answers reach a cold connection).
    private static func measure(
        _ context: BenchmarkContext, callers run: Callers, pairs: Int, eventsPerWindow: Int
    ) async throws -> Windows {
        let windows = 2 * pairs + 2
        // Room for each window's events, what is delivered while the calls settle and a poll's
        // overshoot (half a window more each), and a window's worth left at the end.
        let count = windows * eventsPerWindow * 3 / 2 + eventsPerWindow
        return try await VoidhashFixture.with(context, name: "delivery-\(run.call)-\(run.pacing)") { fixture in
            let voidhash = fixture.voidhash
            _ = try await voidhash.getCurrentPerson(forceFetch: true)
            let route = VoidhashEmulator.routeName(for: .captureEvents)
            fixture.server.inject(.hold, route: route)
            for index in 0..<count { await voidhash.capture("bench_\(index % 10)") }
            let tick = SharedTick(every: interval)
            let readers = (0..<callers).map { _ in
                Task {
                    while !Task.isCancelled {
                        await run.call.make(voidhash)
                        switch run.pacing {
                        case .sharedTick:
                            await tick.next()
                        case .ownTimer:
                            try? await Task.sleep(for: interval)
                            // Released with all the others: spread out again, as timers of
                            // their own are.
                            if await tick.pass() {
                                try? await Task.sleep(for: interval * Double.random(in: 0..<1))
                            }
                        }
                    }
                }
            }
            defer {
                for reader in readers { reader.cancel() }
                tick.stop()
            }
            var result = Windows()
            result.callersCores = try await processCores(over: .seconds(1))
            tick.pause()
            fixture.server.clearFaults(route: route)
            _ = fixture.server.release(route: route)
            for window in 0..<windows {
                let hasCallers = window % 2 == 0 && window > 0
                if hasCallers { tick.resume() } else { tick.pause() }
                try await Task.sleep(for: settle)
                let start = (delivered: fixture.state.eventCount, at: ContinuousClock.now)
                let target = start.delivered + eventsPerWindow
                guard target <= count else {
                    throw ChildProcess.Failure(
                        description: "the backlog of \(count) events ran out in window \(window)")
                }
                while fixture.state.eventCount < target {
                    guard ContinuousClock.now - start.at < windowLimit else {
                        throw ChildProcess.Failure(
                            description: "window \(window) did not get its \(eventsPerWindow) events in \(windowLimit)")
                    }
                    try await Task.sleep(for: poll)
                }
                let end = (delivered: fixture.state.eventCount, at: ContinuousClock.now)
                let rate = Double(end.delivered - start.delivered) / Sampler.seconds(end.at - start.at)
                if window > 0 {
                    if hasCallers { result.busy.append(rate) } else { result.idle.append(rate) }
                }
            }
            for reader in readers { reader.cancel() }
            tick.stop()
            for reader in readers { await reader.value }
            await voidhash.flush()
            let delivered = fixture.state.eventCount
            guard delivered == count else {
                throw ChildProcess.Failure(description: "delivered \(delivered) of \(count) events")
            }
            return result
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
