import Foundation
import SDKRuntime

/// Sends what waits in a `DeliveryQueue`, batch by batch, in order, and acts on each outcome.
///
/// The pump knows nothing of HTTP: the `send` closure turns a batch into requests and says what
/// happened as a `DeliveryOutcome`. Batches come from `DeliveryQueue.nextBatch(limit:)`, so a
/// batch is one lane and one kind and a later lane is never sent while an earlier lane still
/// has items. Items are removed only by ID and only once their outcome is known, so a crash
/// between sending and confirming re-sends the same items with the same IDs (their idempotency
/// keys) on the next launch.
public actor DeliveryPump {
    /// Sends a batch and reports what happened.
    ///
    /// A sender that sends a batch item by item calls `settle` with each item whose fate is
    /// known (accepted, or refused for good and reported by the sender) as soon as it is: the
    /// item is removed then, so a later failure in the same batch never sends it again. A
    /// sender that sends the batch at once ignores `settle` and says everything in the outcome.
    public typealias Send = @Sendable (_ batch: [QueueItem], _ settle: Settle) async -> DeliveryOutcome

    /// Removes one item of the batch being sent, whose fate is known: accepted (`nil`), or
    /// refused for good, which the queue keeps for other processes sharing it
    /// (`DeliveryQueue.refusals(among:)`). A removal that fails leaves the item queued: it is
    /// sent again, under the same idempotency key.
    public typealias Settle = @Sendable (_ id: QueueItemID, _ refusal: ItemRefusal?) -> Void

    private let queue: DeliveryQueue
    private let clock: any SDKClock
    private let batchLimit: Int
    private let backoff: DeliveryBackoff
    private let send: Send
    private let onDrop: @Sendable (QueueItem, String) -> Void
    private let onQuarantine: @Sendable (QuarantinedItem) -> Void
    private var isDraining = false
    /// Who this pump is when it claims delivery: unique across processes.
    private let owner = UUID().uuidString
    /// How long a claim lasts unless renewed (it is renewed before every batch).
    private let claimLease: TimeInterval

    /// When the next attempt of each lane is due after a failure: `drain()` sends nothing of
    /// that lane before then, nor of the lanes after it (lane order), but a lane's back-off
    /// never holds an earlier lane, so a failing event batch does not delay an identity link.
    /// Kept in memory only: after a restart delivery is tried at once (the attempt counters,
    /// which set the back-off, are persisted).
    public private(set) var backingOff: [DeliveryLane: Date] = [:]

    /// A pump draining `queue`.
    ///
    /// - Parameters:
    ///   - queue: the queue to drain.
    ///   - clock: times the back-off between failed attempts.
    ///   - batchLimit: the most items handed to `send` at once (at least 1).
    ///   - backoff: how long to wait after a failed attempt, by the number of attempts.
    ///   - onDrop: called for each item the server refused for good, with its error code, after
    ///     the item was removed.
    ///   - onQuarantine: called for each item set aside because it can never be sent.
    ///   - claimLease: how long the delivery claim lasts without renewal: how long another
    ///     process waits for a pump that stopped without releasing it and whose process is still
    ///     alive (a suspended app). Renewed before every batch, so a batch that takes longer to
    ///     send than this may be sent by another process too (under the same idempotency keys).
    ///   - send: delivers a batch (see `DeliveryOutcome`).
    public init(
        queue: DeliveryQueue, clock: any SDKClock = SystemClock(), batchLimit: Int = 100,
        backoff: DeliveryBackoff = DeliveryBackoff(), claimLease: Duration = .seconds(60),
        onDrop: @escaping @Sendable (QueueItem, String) -> Void = { _, _ in },
        onQuarantine: @escaping @Sendable (QuarantinedItem) -> Void = { _ in },
        send: @escaping Send
    ) {
        self.queue = queue
        self.clock = clock
        self.batchLimit = max(1, batchLimit)
        self.backoff = backoff
        self.claimLease = DeliveryBackoff.seconds(claimLease)
        self.onDrop = onDrop
        self.onQuarantine = onQuarantine
        self.send = send
    }

    /// Sends batches until the queue is empty or something stops delivery, and says which.
    ///
    /// A rate limit or a failed batch ends the drain; call again once the date in the result has
    /// passed (or when new items arrive: a drain before that date returns at once).
    ///
    /// Before each batch the pump claims delivery (`DeliveryQueue.claimDelivery`), so that
    /// processes sharing the storage never send at the same time; while another one holds the
    /// claim the drain ends with `.claimedElsewhere`. The claim is released when the drain ends.
    public func drain() async -> DrainResult {
        guard !isDraining else { return .alreadyDraining }
        isDraining = true
        var hasClaimed = false
        defer {
            isDraining = false
            if hasClaimed {
                try? queue.releaseDelivery(owner: owner)
            } else {
                // Asked for the claim but never held it: nothing to release, and not draining.
                DeliveryClaimHolder.end(owner: owner)
            }
        }
        var limit = batchLimit
        do throws(StorageError) {
            while !Task.isCancelled {
                if let hold = try hold() { return hold }
                if !hasClaimed {
                    guard let first = try queue.nextBatch(limit: 1).first else { return .emptied }
                    if let waiting = waiting(first.lane) { return waiting }
                }
                let claim = try queue.claimDelivery(owner: owner, lease: claimLease, now: clock.now())
                if case .heldElsewhere(let until) = claim { return .claimedElsewhere(until: until) }
                hasClaimed = true  // a claim held elsewhere is not this pump's to release
                // Read under the claim: what another process sent before it released is gone.
                let batch = try queue.nextBatch(limit: limit)
                guard let lane = batch.first?.lane else { return .emptied }
                if let waiting = waiting(lane) { return waiting }
                let queue = queue
                let outcome = await send(batch) { id, refusal in _ = try? queue.remove(ids: [id], refusal: refusal) }
                if let stop = try apply(outcome, to: batch, limit: &limit) { return stop }
            }
            return .cancelled
        } catch {
            return .storageFailed(error)
        }
    }

    /// Ends the back-off of `lane` and of every lane before it: the next drain tries them at
    /// once (for a call that waits for an item of `lane`). Later lanes keep theirs. A failed
    /// attempt backs off again, counting one more attempt.
    public func liftBackOff(through lane: DeliveryLane) {
        backingOff = backingOff.filter { $0.key > lane }
    }

    /// `.backingOff` while `lane` waits out a back-off, else `nil`.
    private func waiting(_ lane: DeliveryLane) -> DrainResult? {
        guard let until = backingOff[lane], !isOver(until, now: clock.now()) else { return nil }
        return .backingOff(until: until)
    }

    /// Why nothing may be sent now, if something says so (a rate limit holds every lane); lifts a
    /// rate-limit pause that is over.
    private func hold() throws(StorageError) -> DrainResult? {
        if let pausedUntil = try queue.pausedUntil {
            if !isOver(pausedUntil, now: clock.now()) { return .paused(until: pausedUntil) }
            try queue.resume()
        }
        return nil
    }

    /// Whether a wait until `until` is over at `now`: it has come, or it lies further ahead than
    /// any wait the pump sets (`DeliveryBackoff.maximumDelay`), so the device clock went back
    /// since it was set (stored, a pause outlives launches) and it would otherwise hold
    /// delivery for as long as the clock was off.
    private func isOver(_ until: Date, now: Date) -> Bool {
        until <= now || until.timeIntervalSince(now) > DeliveryBackoff.seconds(backoff.maximumDelay)
    }

    /// Acts on `outcome`; returns a result when the drain must stop. A too-large batch lowers
    /// `limit` for the rest of this drain.
    private func apply(
        _ outcome: DeliveryOutcome, to batch: [QueueItem], limit: inout Int
    ) throws(StorageError) -> DrainResult? {
        guard let lane = batch.first?.lane else { return nil }
        switch outcome {
        case .delivered:
            try queue.remove(ids: batch.map(\.id))
            backingOff[lane] = nil
        case .rejected(let ids, let code):
            try queue.remove(ids: batch.map(\.id))
            backingOff[lane] = nil
            for item in Self.items(of: batch, withIDs: ids) { onDrop(item, code) }
        case .tooLarge:
            guard batch.count == 1 else {
                limit = (batch.count + 1) / 2
                return nil
            }
            try quarantine(batch, reason: "too large to send, even alone")
        case .undecodable(let ids):
            let unreadable = Self.items(of: batch, withIDs: ids)
            guard !unreadable.isEmpty else {
                return try backOff(batch, error: "undecodable items named outside the batch", nil)
            }
            try quarantine(unreadable, reason: "payload could not be decoded")
        case .rateLimited(let retryAfter):
            // A `Retry-After` of nothing (a date already past by the device clock, or zero)
            // says nothing usable: retrying at once would ask again every half second.
            let pause =
                if let retryAfter, retryAfter > .zero {
                    backoff.asked(retryAfter)
                } else {
                    DeliveryBackoff.seconds(
                        backoff.delay(
                            afterAttempts: try chargeFirstQueued(of: batch, error: "rate limited; will retry"),
                            unit: Double.random(in: 0...1)))
                }
            let until = clock.now().addingTimeInterval(pause)
            try queue.pause(until: until)
            return .paused(until: until)
        case .retryLater(let retryAfter):
            return try backOff(batch, error: "delivery failed; will retry", retryAfter)
        }
        return nil
    }

    /// Counts a failed attempt for the item of `batch` that failed and schedules the next one.
    ///
    /// A sender that goes through a batch item by item stops at the first failure, after
    /// settling each item before it: the first item of the batch still queued is the one that
    /// failed, and only it is charged. The items after it were not tried; charging them too would make one
    /// failure in ten push every later item's back-off towards the maximum (under a steady 10 %
    /// of failed requests, delivery almost stopped).
    private func backOff(
        _ batch: [QueueItem], error: String, _ retryAfter: Duration?
    ) throws(StorageError) -> DrainResult {
        let attempts = try chargeFirstQueued(of: batch, error: error)
        let delay = backoff.delay(
            afterAttempts: attempts, retryAfter: retryAfter, unit: Double.random(in: 0...1))
        let until = clock.now().addingTimeInterval(DeliveryBackoff.seconds(delay))
        backingOff[batch[0].lane] = until
        return .backingOff(until: until)
    }

    /// Counts a failed attempt, with `error`, for the first item of `batch` still queued (see
    /// `backOff`), and returns how many attempts it has now failed.
    private func chargeFirstQueued(of batch: [QueueItem], error: String) throws(StorageError) -> Int {
        let stored = Set(try queue.storedIDs(among: batch.map(\.id)))
        let failed = batch.first { stored.contains($0.id) }
        if let failed { try queue.recordAttempt(ids: [failed.id], error: error) }
        return (failed?.attempts ?? 0) + 1
    }

    private func quarantine(_ items: [QueueItem], reason: String) throws(StorageError) {
        for item in items {
            if let quarantined = try queue.quarantine(id: item.id, reason: reason, now: clock.now()) {
                onQuarantine(quarantined)
            }
        }
    }

    private static func items(of batch: [QueueItem], withIDs ids: [QueueItemID]) -> [QueueItem] {
        let wanted = Set(ids)
        return batch.filter { wanted.contains($0.id) }
    }
}
