import Foundation
import SDKPersistence
import SDKRuntime
import Testing

/// A failed item must not charge the items queued behind it, which were never tried: under a
/// steady rate of failed requests, the back-off must stay near its first step instead of
/// climbing to the maximum for items that never failed.
@Suite("Delivery back-off under faults", .timeLimit(.minutes(3)))
struct DeliveryBackoffUnderFaultsTests {
    /// Sends items one by one, in order, settling each delivered one, and fails the items whose
    /// payload is in `failing` once each (as the Voidhash delivery handler does).
    private final class OneByOneSender: Sendable {
        let failing: Set<Data>
        private let failed = Recorded<Data>()

        init(failing: Set<Data>) {
            self.failing = failing
        }

        func send(_ batch: [QueueItem], _ settle: DeliveryPump.Settle) -> DeliveryOutcome {
            for item in batch {
                if failing.contains(item.payload), !failed.all.contains(item.payload) {
                    failed.append(item.payload)
                    return .retryLater(retryAfter: nil)
                }
                settle(item.id, nil)
            }
            return .delivered
        }
    }

    @Test func onlyTheItemThatFailedIsCharged() async throws {
        let storage = try SDKStorage.inMemory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let ids = try (0..<3).map { index in
            try storage.queue.enqueue(lane: .purchases, kind: "purchase", payload: Data([UInt8(index)]), now: now)
        }
        let sender = OneByOneSender(failing: [Data([1])])
        let pump = DeliveryPump(queue: storage.queue, clock: ManualClock(now: now), send: { sender.send($0, $1) })
        guard case .backingOff = await pump.drain() else {
            Issue.record("expected a back-off")
            return
        }
        let left = try storage.queue.nextBatch(limit: 10)
        #expect(left.map(\.id) == [ids[1], ids[2]])
        #expect(left.map(\.attempts) == [1, 0])
    }

    @Test func aSteadyFractionOfFailuresKeepsTheBackOffShort() async throws {
        let storage = try SDKStorage.inMemory()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        // 200 items, every tenth fails once.
        let payloads: [Data] = (0..<200).map { index in Data("item-\(index)".utf8) }
        for payload in payloads {
            try storage.queue.enqueue(lane: .purchases, kind: "purchase", payload: payload, now: clock.now())
        }
        let failing = Set(payloads.enumerated().filter { $0.offset % 10 == 5 }.map(\.element))
        let sender = OneByOneSender(failing: failing)
        let pump = DeliveryPump(queue: storage.queue, clock: clock, batchLimit: 50, send: { sender.send($0, $1) })
        var longest = Duration.zero
        for _ in 0..<100 {
            let result = await pump.drain()
            guard case .backingOff(let until) = result else {
                #expect(result == .emptied)
                break
            }
            let wait = Duration.seconds(until.timeIntervalSince(clock.now()))
            longest = max(longest, wait)
            clock.advance(by: wait)
        }
        #expect(try storage.queue.count() == 0)
        // Each item failed once: every back-off is the first step (0.25-0.5 s), never more.
        #expect(longest <= .milliseconds(500), "longest back-off \(longest)")
    }
}
