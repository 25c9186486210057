import Foundation
import SDKEmulator
import SDKPersistence
import SDKRuntime
import VoidhashAPI

/// The durable delivery queue: capture-like single enqueues with their latency, `capture`
/// through the public API, batched enqueues, opening a large queue, and draining events to the
/// emulator, directly and through the SDK while other tasks call it.
enum QueueBenchmarks {
    private static let group = "queue"

    /// Measures every queue figure.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        var figures = try enqueue(context)
        figures += try await capture(context)
        figures += try enqueueMany(context)
        figures += try open(context)
        figures += try await DrainBenchmark.run(context)
        figures += try await DeliveryUnderCallersBenchmark.run(context)
        return figures
    }

    /// One `enqueue` per event, as `capture` stores it: throughput and the caller's latency.
    private static func enqueue(_ context: BenchmarkContext) throws -> [Figure] {
        context.log("queue: enqueue")
        let storage = try SDKStorage.open(
            directory: context.scratch.appendingPathComponent("enqueue"), name: "queue")
        defer { storage.close() }
        let encoder = JSONEncoder()
        let count = context.quick ? 500 : 2_000
        let payloads = try (0..<count).map { try Fixtures.eventPayload($0, encoder: encoder) }
        let runs = try (0..<context.samples(5, quick: 2)).map { _ in
            try LatencyRun.measure(count: count) { index in
                try storage.queue.enqueue(lane: .events, kind: "event", payload: payloads[index], now: Date())
            }
        }
        return LatencyRun.figures(
            runs, group: group, name: "enqueue (durable capture)", count: count,
            throughputTarget: .atLeast(20_000), p99Target: .under(1_000))
    }

    /// `Voidhash.capture` end to end (validation, `$groups`, the event stored in the queue), twice:
    /// while a delivery request waits for its answer (what capture itself costs, as on a device
    /// whose server is elsewhere), and while the SDK delivers to the emulator, which runs in this
    /// process and takes its share of the two cores.
    private static func capture(_ context: BenchmarkContext) async throws -> [Figure] {
        context.log("queue: Voidhash.capture")
        let count = context.quick ? 500 : 2_000
        return try await VoidhashFixture.with(context, name: "voidhash-capture") { fixture in
            let events = VoidhashEmulator.routeName(for: .captureEvents)
            fixture.server.inject(.hold, route: events)
            let waiting = await captureRuns(fixture, context: context, count: count)
            fixture.server.clearFaults(route: events)
            _ = fixture.server.release(route: events)
            let delivering = await captureRuns(fixture, context: context, count: count)
            return LatencyRun.figures(
                waiting, group: group, name: "Voidhash.capture, delivery request outstanding", count: count,
                throughputTarget: .atLeast(20_000), p99Target: .under(1_000))
                + LatencyRun.figures(
                    delivering, group: group, name: "Voidhash.capture, delivering to the in-process emulator",
                    count: count)
        }
    }

    /// Runs of `count` captures through the public API.
    private static func captureRuns(_ fixture: VoidhashFixture, context: BenchmarkContext, count: Int) async
        -> [LatencyRun]
    {
        var runs: [LatencyRun] = []
        for _ in 0..<context.samples(5, quick: 2) {
            runs.append(
                await LatencyRun.measure(count: count) { index in
                    await fixture.voidhash.capture(
                        "report_shared", properties: ["plan": .string("pro"), "seats": .number(Double(index % 50))])
                })
        }
        return runs
    }

    /// `enqueueMany` in batches of 100.
    private static func enqueueMany(_ context: BenchmarkContext) throws -> [Figure] {
        context.log("queue: enqueueMany")
        let storage = try SDKStorage.open(
            directory: context.scratch.appendingPathComponent("enqueue-many"), name: "queue")
        defer { storage.close() }
        let encoder = JSONEncoder()
        let batches = try (0..<20).map { batch in
            try (0..<100).map { index in
                NewQueueItem(
                    lane: .events, kind: "event",
                    payload: try Fixtures.eventPayload(batch * 100 + index, encoder: encoder))
            }
        }
        let throughput = try (0..<context.samples(5, quick: 2)).map { _ in
            let total = try Sampler.time {
                for batch in batches { try storage.queue.enqueueMany(batch, now: Date()) }
            }
            return Double(batches.count * 100) / Sampler.seconds(total)
        }
        return [
            Figure(
                group: group, name: "enqueueMany, batches of 100", unit: .perSecond, values: throughput)
        ]
    }

    /// Opens queues of 10,000 and 100,000 items, each in a child process.
    private static func open(_ context: BenchmarkContext) throws -> [Figure] {
        var figures: [Figure] = []
        for size in [10_000, 100_000] {
            context.log("queue: open \(size) items")
            let directory = context.scratch.appendingPathComponent("open-\(size)")
            try fill(directory: directory, items: size)
            var times: [Double] = []
            var memory: [Double] = []
            for _ in 0..<context.samples(7, quick: 3) {
                let outcome = try ChildProcess.runChecked(
                    ChildProcess.selfPath, ["open-queue", directory.path, "queue"])
                let probe = try QueueOpenProbe.Result.parse(outcome.output)
                guard probe.count == size else {
                    throw ChildProcess.Failure(description: "opened \(probe.count) items, not \(size)")
                }
                times.append(probe.milliseconds)
                memory.append(probe.residentDeltaMegabytes)
            }
            let large = size == 100_000
            figures.append(
                Figure(
                    group: group, name: "open a queue of \(size) items", unit: .milliseconds, values: times,
                    target: large ? .under(100) : nil))
            figures.append(
                Figure(
                    group: group, name: "open a queue of \(size) items, resident memory added",
                    unit: .megabytes, values: memory, target: large ? .under(50) : nil))
        }
        return figures
    }

    /// A queue database in `directory` holding `items` events.
    private static func fill(directory: URL, items: Int) throws {
        let storage = try SDKStorage.open(directory: directory, name: "queue")
        defer { storage.close() }
        let encoder = JSONEncoder()
        let template = try Fixtures.eventPayload(0, encoder: encoder)
        for start in stride(from: 0, to: items, by: 1_000) {
            let batch = (start..<min(items, start + 1_000)).map { _ in
                NewQueueItem(lane: .events, kind: "event", payload: template)
            }
            try storage.queue.enqueueMany(batch, now: Date())
        }
    }
}
