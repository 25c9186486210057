import Foundation
import SDKEmulator
import SDKPersistence
import SDKRuntime
import VoidhashAPI

/// Drains queued events to the Voidhash emulator over loopback: `DeliveryPump` batches of
/// `VoidhashConstants.maxEventsPerRequest` (the SDK's batch size) sent through the generated `VoidhashClient.captureEvents` over
/// `URLSessionTransport`.
enum DrainBenchmark {
    private static let group = "queue"

    /// Measures the drain figure.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        let count = 10_000
        context.log("queue: drain \(count) events to the emulator")
        var times: [Double] = []
        for sample in 0..<context.samples(3, quick: 1) {
            times.append(try await drain(count, directory: context.scratch.appendingPathComponent("drain-\(sample)")))
        }
        return [
            Figure(
                group: group,
                name: "drain \(count) events to the emulator (batches of \(VoidhashConstants.maxEventsPerRequest))",
                unit: .seconds, values: times, target: .under(3))
        ]
    }

    /// Seconds to drain `count` events from a new queue in `directory` to a new emulator.
    private static func drain(_ count: Int, directory: URL) async throws -> Double {
        let storage = try SDKStorage.open(directory: directory, name: "queue")
        defer { storage.close() }
        let encoder = JSONCoding.makeEncoder()
        let items = try (0..<count).map { index in
            NewQueueItem(
                lane: .events, kind: "event", payload: try Fixtures.eventPayload(index, encoder: encoder))
        }
        try storage.queue.enqueueMany(items, now: Date())
        let state = VoidhashEmulatorState()
        let server = VoidhashEmulator.makeServer(state: state)
        let baseURL = try await server.start()
        let client = VoidhashClient(
            core: APIClient(
                baseURL: baseURL, transport: URLSessionTransport(),
                headers: { [HTTPField(name: "Authorization", value: "Bearer \(VoidhashEmulator.testKey)")] }
            ))
        let pump = DeliveryPump(queue: storage.queue, batchLimit: VoidhashConstants.maxEventsPerRequest) { batch, _ in
            await send(batch, with: client)
        }
        let start = ContinuousClock.now
        let result = await pump.drain()
        let elapsed = ContinuousClock.now - start
        await server.stop()
        guard case .emptied = result, state.events.count == count else {
            throw ChildProcess.Failure(
                description: "drain ended with \(result) after \(state.events.count) of \(count) events")
        }
        return Sampler.seconds(elapsed)
    }

    /// Sends one batch of stored events as one `captureEvents` call keyed by its first item's ID.
    private static func send(_ batch: [QueueItem], with client: VoidhashClient) async
        -> DeliveryOutcome
    {
        let decoder = JSONCoding.makeDecoder()
        var events: [Event] = []
        var unreadable: [QueueItemID] = []
        for item in batch {
            if let event = try? decoder.decode(Event.self, from: item.payload) {
                events.append(event)
            } else {
                unreadable.append(item.id)
            }
        }
        guard unreadable.isEmpty, let key = batch.first?.id.rawValue else {
            return .undecodable(ids: unreadable)
        }
        do {
            let result = try await client.captureEvents(
                body: EventBatch(events: events), idempotencyKey: key)
            guard !result.rejected.isEmpty else { return .delivered }
            let refused = Set(result.rejected.map(\.id))
            return .rejected(ids: batch.filter { refused.contains($0.id.rawValue) }.map(\.id), code: "INVALID_ARGUMENT")
        } catch {
            return .retryLater(retryAfter: nil)
        }
    }
}
