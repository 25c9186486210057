import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

/// The delivery claim: processes (and storages) sharing one database send one at a time, and a
/// claim ends with whatever took it, or with its lease.
@Suite("Queue: one sender at a time across openers", .timeLimit(.minutes(3)))
struct DeliveryClaimTests {
    static let lease: TimeInterval = 60

    /// Two storages on one directory, as an app and its extension have.
    struct SharedQueue {
        let directory = StorageTestDirectory()
        let clock = StorageTestClock()
        let first: SDKStorage
        let second: SDKStorage

        /// Makes this queue's owner names its own: the owners draining in this process are one
        /// set for the whole process, and tests run in parallel.
        private let ownerSuffix = UUID().uuidString

        init() throws {
            first = try directory.open(clock: clock)
            second = try directory.open(clock: clock)
        }

        /// The owner name `role` stands for in this test, unique to it (as a pump's is): with a
        /// name shared between tests, one test's release or drain end ended the other's claim.
        func owner(_ role: String) -> String {
            "\(role)-\(ownerSuffix)"
        }

        /// Stores a claim row as another holder would have written it.
        func storeClaim(owner: String, pid: Int32, expiresAt: Date) throws {
            try first.queue.database.transaction { (connection) throws(StorageError) in
                try connection.query(
                    "INSERT OR REPLACE INTO delivery_claim (slot, owner, pid, expires_at) VALUES (1, ?, ?, ?)",
                    [.text(owner), .integer(Int64(pid)), .real(expiresAt.timeIntervalSince1970)])
            }
        }

        func claim(_ storage: SDKStorage, owner: String) throws -> DeliveryClaim {
            try storage.queue.claimDelivery(owner: owner, lease: DeliveryClaimTests.lease, now: clock.now())
        }
    }

    @Test func oneOwnerHoldsTheClaimUntilItReleasesIt() throws {
        let shared = try SharedQueue()
        defer {
            try? shared.first.queue.releaseDelivery(owner: shared.owner("app"))
            try? shared.second.queue.releaseDelivery(owner: shared.owner("extension"))
        }
        let until = shared.clock.now().addingTimeInterval(Self.lease)
        #expect(try shared.claim(shared.first, owner: shared.owner("app")) == .granted(until: until))
        #expect(try shared.claim(shared.second, owner: shared.owner("extension")) == .heldElsewhere(until: until))
        shared.clock.advance(by: 10)
        #expect(
            try shared.claim(shared.first, owner: shared.owner("app")) == .granted(until: until.addingTimeInterval(10)))
        try shared.second.queue.releaseDelivery(owner: shared.owner("extension"))
        #expect(
            try shared.claim(shared.second, owner: shared.owner("extension"))
                == .heldElsewhere(until: until.addingTimeInterval(10)))
        try shared.first.queue.releaseDelivery(owner: shared.owner("app"))
        #expect(
            try shared.claim(shared.second, owner: shared.owner("extension"))
                == .granted(until: until.addingTimeInterval(10)))
    }

    @Test func aClaimNobodyRenewsEndsWithItsLease() throws {
        let shared = try SharedQueue()
        defer { try? shared.second.queue.releaseDelivery(owner: shared.owner("extension")) }
        try shared.storeClaim(
            owner: shared.owner("suspended"), pid: getpid(),
            expiresAt: shared.clock.now().addingTimeInterval(Self.lease))
        DeliveryClaimHolder.begin(owner: shared.owner("suspended"))
        defer { DeliveryClaimHolder.end(owner: shared.owner("suspended")) }
        shared.clock.advance(by: Self.lease - 1)
        guard case .heldElsewhere = try shared.claim(shared.second, owner: shared.owner("extension")) else {
            Issue.record("a live claim within its lease was taken over")
            return
        }
        shared.clock.advance(by: 1)
        guard case .granted = try shared.claim(shared.second, owner: shared.owner("extension")) else {
            Issue.record("a claim whose lease ran out still holds")
            return
        }
    }

    @Test func aClaimOfAProcessThatNoLongerExistsHasEnded() throws {
        let shared = try SharedQueue()
        defer { try? shared.second.queue.releaseDelivery(owner: shared.owner("extension")) }
        // No process has this ID: kill(2) answers ESRCH, as for a killed app.
        try shared.storeClaim(
            owner: shared.owner("killed"), pid: Int32.max, expiresAt: shared.clock.now().addingTimeInterval(Self.lease))
        guard case .granted = try shared.claim(shared.second, owner: shared.owner("extension")) else {
            Issue.record("the claim of a process that is gone still holds")
            return
        }
    }

    @Test func inThisProcessAClaimEndsWithTheDrainThatTookIt() throws {
        let shared = try SharedQueue()
        defer { try? shared.second.queue.releaseDelivery(owner: shared.owner("extension")) }
        // Our own PID, but an owner whose drain ended without storing its release (its storage
        // was closed in the middle of a send).
        try shared.storeClaim(
            owner: shared.owner("closed"), pid: getpid(), expiresAt: shared.clock.now().addingTimeInterval(Self.lease))
        guard case .granted = try shared.claim(shared.second, owner: shared.owner("extension")) else {
            Issue.record("a claim of this process whose drain ended still holds")
            return
        }
    }

    @Test("a claim ending more than two leases away was written before the clock was set back: it has ended")
    func aClaimFromBeforeTheClockWasSetBackHasEnded() throws {
        let shared = try SharedQueue()
        defer {
            DeliveryClaimHolder.end(owner: shared.owner("other"))
            try? shared.second.queue.releaseDelivery(owner: shared.owner("extension"))
        }
        DeliveryClaimHolder.begin(owner: shared.owner("other"))
        let now = shared.clock.now()
        // Renewed a moment ago by a process whose clock read came just after ours: it holds.
        try shared.storeClaim(
            owner: shared.owner("other"), pid: getpid(), expiresAt: now.addingTimeInterval(1.5 * Self.lease))
        guard case .heldElsewhere = try shared.claim(shared.second, owner: shared.owner("extension")) else {
            Issue.record("a claim less than two leases away was taken over")
            return
        }
        try shared.storeClaim(
            owner: shared.owner("other"), pid: getpid(), expiresAt: now.addingTimeInterval(2 * Self.lease + 1))
        guard case .granted = try shared.claim(shared.second, owner: shared.owner("extension")) else {
            Issue.record("a claim from before the clock was set back still holds")
            return
        }
    }

    @Test func releasingLeavesAClaimAnotherOwnerTookOver() throws {
        let shared = try SharedQueue()
        defer { try? shared.second.queue.releaseDelivery(owner: shared.owner("extension")) }
        try shared.storeClaim(
            owner: shared.owner("killed"), pid: Int32.max, expiresAt: shared.clock.now().addingTimeInterval(Self.lease))
        _ = try shared.claim(shared.second, owner: shared.owner("extension"))
        try shared.first.queue.releaseDelivery(owner: shared.owner("killed"))
        guard case .heldElsewhere = try shared.claim(shared.first, owner: shared.owner("app")) else {
            Issue.record("an old holder's release ended the new holder's claim")
            return
        }
    }

    @Test func aSecondPumpSendsNothingWhileTheFirstIsSending() async throws {
        let shared = try SharedQueue()
        let items = try (0..<3).map { index in
            try shared.first.queue.enqueue(
                lane: .purchases, kind: "k", payload: payloadBytes("\(index)"), now: shared.clock.now())
        }
        let otherResult = StorageTestBox<DrainResult?>(nil)
        let other = RecordingBatchSender()
        let otherPump = DeliveryPump(queue: shared.second.queue, clock: shared.clock, send: other.send)
        let sender = RecordingBatchSender { _, number in
            if number == 0 {
                let result = await otherPump.drain()
                otherResult.update { $0 = result }
            }
            return .delivered
        }
        let pump = DeliveryPump(queue: shared.first.queue, clock: shared.clock, batchLimit: 2, send: sender.send)

        #expect(await pump.drain() == .emptied)
        #expect(otherResult.current == .claimedElsewhere(until: shared.clock.now().addingTimeInterval(Self.lease)))
        #expect(other.sent.isEmpty)
        #expect(sender.sent == [Array(items.prefix(2)), [items[2]]])
        // The drain released the claim: the other pump may send now.
        try shared.second.queue.enqueue(
            lane: .events, kind: "k", payload: payloadBytes("late"), now: shared.clock.now())
        #expect(await otherPump.drain() == .emptied)
        #expect(other.sent.count == 1)
    }

    @Test func thePumpRenewsItsClaimBeforeEveryBatch() async throws {
        let shared = try SharedQueue()
        for index in 0..<3 {
            try shared.first.queue.enqueue(
                lane: .events, kind: "k", payload: payloadBytes("\(index)"), now: shared.clock.now())
        }
        let takenOver = StorageTestBox(false)
        let sender = RecordingBatchSender { _, _ in
            // Each batch takes most of a lease; without a renewal the claim would run out.
            shared.clock.advance(by: Self.lease - 10)
            if case .granted = try? shared.claim(shared.second, owner: shared.owner("extension")) {
                takenOver.update { $0 = true }
                try? shared.second.queue.releaseDelivery(owner: shared.owner("extension"))
            }
            return .delivered
        }
        let pump = DeliveryPump(queue: shared.first.queue, clock: shared.clock, batchLimit: 1, send: sender.send)

        #expect(await pump.drain() == .emptied)
        #expect(sender.sent.count == 3)
        #expect(!takenOver.current)
    }

    @Test("a pump whose claim was taken over (its clock was set back) stops before its next batch")
    func aPumpWhoseClaimWasTakenOverStops() async throws {
        let shared = try SharedQueue()
        for index in 0..<3 {
            try shared.first.queue.enqueue(
                lane: .events, kind: "k", payload: payloadBytes("\(index)"), now: shared.clock.now())
        }
        defer { try? shared.second.queue.releaseDelivery(owner: shared.owner("extension")) }
        let sender = RecordingBatchSender { _, number in
            if number == 0 {
                // The device's clock is set back: the claim the pump took looks stale, and the
                // other process takes it over.
                shared.clock.advance(by: -10 * Self.lease)
                _ = try? shared.claim(shared.second, owner: shared.owner("extension"))
            }
            return .delivered
        }
        let pump = DeliveryPump(queue: shared.first.queue, clock: shared.clock, batchLimit: 1, send: sender.send)

        guard case .claimedElsewhere = await pump.drain() else {
            Issue.record("the pump went on sending after its claim was taken over")
            return
        }
        #expect(sender.sent.count == 1)
        #expect(try shared.first.queue.count() == 2)
    }

    @Test func aDrainOfAnEmptyQueueClaimsNothing() async throws {
        let shared = try SharedQueue()
        defer { try? shared.second.queue.releaseDelivery(owner: shared.owner("extension")) }
        try shared.storeClaim(
            owner: shared.owner("killed"), pid: Int32.max, expiresAt: shared.clock.now().addingTimeInterval(Self.lease))
        let pump = DeliveryPump(queue: shared.first.queue, clock: shared.clock, send: RecordingBatchSender().send)
        #expect(await pump.drain() == .emptied)
        let owner = try shared.first.queue.database.access { (connection) throws(StorageError) -> String? in
            try connection.query("SELECT owner FROM delivery_claim").first?.text(0)
        }
        #expect(owner == shared.owner("killed"))
    }
}
