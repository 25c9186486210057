import Foundation
import SDKRuntime
import Synchronization

/// Everything between "stored in the queue" and "Voidhash answered": the durable queue, the
/// pump that sends it batch by batch, the back-off of each lane, and the timer that drains
/// again when a back-off or a rate-limit pause ends (on the SDK's clock).
///
/// An SDK enqueues into `queue` and calls `kick()`, or, for items nobody waits for (analytics
/// events), `noteQueued(_:)`, which starts a drain once a batch's worth waits or its time is up
/// (`Batching`); the outbox sends in lane order, removes an
/// item only once its fate is known (in `DeliveryPump`, the one place that removes), and tells
/// the SDK only what it asked for through `Observers`.
///
/// `kick()` never starts a second drain: a kick during a drain makes the running loop drain
/// once more, so an item enqueued at any moment is picked up. While another process sharing the
/// storage holds the delivery claim, it looks again every `claimRecheck`.
///
/// Drains are numbered from 1 in the order they start, and a stall names the drain that ended
/// with it, so a call that asked for an attempt (`attempt(through:)`) can tell a stall of a
/// drain that tried its item from one of an earlier drain that did not.
///
/// Drains run on a dispatch queue of the outbox's own (`DispatchTaskExecutor`), not on Swift's
/// cooperative pool: an app whose tasks fill the pool's few threads (a thousand views reading
/// the SDK on one frame tick) does not make each step of a delivery wait behind all of them.
public actor Outbox {
    /// What the outbox tells its SDK.
    public struct Observers: Sendable {
        /// A drain could not read or write the queue (the storage error).
        public var storageFailed: @Sendable (StorageError) -> Void
        /// The drain with this number ended with items left that must wait: a back-off, a
        /// rate-limit pause or a storage failure.
        public var stalled: @Sendable (_ drain: UInt64) async -> Void
        /// A drain emptied the queue.
        public var emptied: @Sendable () async -> Void
        /// Another process sharing the storage holds the delivery claim.
        public var claimedElsewhere: @Sendable () async -> Void
        /// An item was set aside because it can never be sent.
        public var quarantined: @Sendable (QuarantinedItem) -> Void

        /// Observers with these callbacks; each one left out does nothing.
        public init(
            storageFailed: @escaping @Sendable (StorageError) -> Void = { _ in },
            stalled: @escaping @Sendable (_ drain: UInt64) async -> Void = { _ in },
            emptied: @escaping @Sendable () async -> Void = {},
            claimedElsewhere: @escaping @Sendable () async -> Void = {},
            quarantined: @escaping @Sendable (QuarantinedItem) -> Void = { _ in }
        ) {
            self.storageFailed = storageFailed
            self.stalled = stalled
            self.emptied = emptied
            self.claimedElsewhere = claimedElsewhere
            self.quarantined = quarantined
        }
    }

    /// When items queued without a call waiting for them start a drain by themselves: once
    /// `count` of them were queued since a drain was last asked for or started, or `within`
    /// after the first of them, whichever comes first.
    public struct Batching: Sendable, Hashable {
        /// How many queued items start a drain at once.
        public var count: Int
        /// The longest such an item waits for a drain.
        public var within: Duration

        /// Batching by `count` items or `within`.
        public init(count: Int, within: Duration) {
            self.count = count
            self.within = within
        }
    }

    /// What `noteQueued(_:)` counts, readable without a turn of the outbox (an SDK notes every
    /// capture).
    private struct BatchingState {
        /// Items noted since a drain was last asked for by the count or started.
        var noted = 0
        /// Whether a batching timer runs.
        var isTimed = false
    }

    /// How soon to look again while another process holds the delivery claim: that process
    /// releases it when its drain ends, and calls here may be waiting for items it sent.
    public static let claimRecheck: TimeInterval = 0.1

    /// How soon to try again after a drain could not use storage.
    static let storageRetry: TimeInterval = 1

    /// The durable queue items wait in.
    public nonisolated let queue: DeliveryQueue
    private let pump: DeliveryPump
    private let clock: any SDKClock
    private let observers: Observers
    private let batching: Batching
    private nonisolated let batchingState = Mutex(BatchingState())
    private var batchingTimer: Task<Void, Never>?
    /// Where drains run.
    private let executor = DispatchTaskExecutor(label: "sdk.delivery")
    private var loop: Task<Void, Never>?
    private var isRequested = false
    private var timer: Task<Void, Never>?
    private var isStopped = false
    /// How many drains have started.
    private var drainsStarted: UInt64 = 0
    /// The last lane whose back-off the next drain lifts (with every earlier lane), if a call
    /// asked for an attempt.
    private var attemptThrough: DeliveryLane?

    /// An outbox over `queue` that hands batches of at most `batchLimit` items to `send` (see
    /// `DeliveryPump` for the batches and outcomes), starts drains for noted items by
    /// `batching`, times retries and batches on `clock`, and reports to `observers`.
    public init(
        queue: DeliveryQueue, clock: any SDKClock, batchLimit: Int, batching: Batching, observers: Observers,
        send: @escaping DeliveryPump.Send
    ) {
        self.queue = queue
        self.clock = clock
        self.batching = batching
        self.observers = observers
        pump = DeliveryPump(
            queue: queue, clock: clock, batchLimit: batchLimit, onQuarantine: observers.quarantined, send: send)
    }

    /// Asks for a drain as soon as possible.
    public func kick() {
        guard !isStopped else { return }
        isRequested = true
        guard loop == nil else { return }
        loop = Task(executorPreference: executor) { await self.run() }
    }

    /// Notes that `count` items nobody waits for were queued: a drain is asked for at once when
    /// `Batching.count` were noted since the count last asked for one or a drain started, else
    /// within `Batching.within` of the first of them. Never waits for the outbox.
    public nonisolated func noteQueued(_ count: Int = 1) {
        let (drainNow, startTimer) = batchingState.withLock { state -> (Bool, Bool) in
            state.noted += count
            guard state.noted < batching.count else {
                state.noted = 0  // counted from here: a kick during a drain asks for one drain more
                return (true, false)
            }
            defer { state.isTimed = true }
            return (false, !state.isTimed)
        }
        if drainNow {
            Task { await kick() }
        } else if startTimer {
            Task { await startBatchingTimer() }
        }
    }

    /// Kicks once `Batching.within` has passed (nothing once stopped).
    private func startBatchingTimer() {
        guard !isStopped else { return }
        let clock = clock
        let within = batching.within
        batchingTimer = Task { [weak self] in
            do {
                try await clock.sleep(for: within)
            } catch {
                return
            }
            await self?.batchingTimerFired()
        }
    }

    private func batchingTimerFired() {
        batchingTimer = nil
        batchingState.withLock { $0.isTimed = false }
        kick()
    }

    /// Asks for a drain that first lifts the back-off of `lane` and of every lane before it, so
    /// that a call waiting for its own item gets an attempt now even if an earlier failure set
    /// that lane to wait (a rate-limit pause still holds: the server asked for it). Returns the
    /// number of the drain that will make the attempt: once that drain or a later one stalls,
    /// the item was tried, and unless its fate was reported before the stall it was not
    /// delivered. After `stop()` no drain comes.
    public func attempt(through lane: DeliveryLane) -> UInt64 {
        attemptThrough = max(attemptThrough ?? lane, lane)
        kick()
        return drainsStarted + 1
    }

    /// Drains now and returns when the queue is empty or delivery has stopped for a while.
    public func flush() async {
        kick()
        await loop?.value
    }

    /// Stops for good: no more drains, no more timers.
    public func stop() async {
        isStopped = true
        timer?.cancel()
        timer = nil
        batchingTimer?.cancel()
        batchingTimer = nil
        let running = loop
        running?.cancel()
        await running?.value
    }

    private func run() async {
        while isRequested, !isStopped {
            isRequested = false
            batchingState.withLock { $0.noted = 0 }  // the drain sends what was noted
            drainsStarted += 1
            let drain = drainsStarted
            if let lane = attemptThrough {
                attemptThrough = nil
                await pump.liftBackOff(through: lane)
            }
            switch await pump.drain() {
            case .backingOff(let until), .paused(let until):
                schedule(at: until)
                await observers.stalled(drain)
            case .storageFailed(let error):
                observers.storageFailed(error)
                schedule(at: clock.now().addingTimeInterval(Self.storageRetry))
                await observers.stalled(drain)
            case .emptied:
                await observers.emptied()
            case .claimedElsewhere(let until):
                schedule(at: min(until, clock.now().addingTimeInterval(Self.claimRecheck)))
                await observers.claimedElsewhere()
            case .alreadyDraining, .cancelled:
                break
            }
        }
        loop = nil
    }

    /// Kicks again once `date` has come (replacing an earlier timer); nothing once stopped (a
    /// drain that `stop()` interrupted must not leave a timer behind).
    private func schedule(at date: Date) {
        guard !isStopped else { return }
        timer?.cancel()
        let wait = max(date.timeIntervalSince(clock.now()), 0.001)
        let clock = clock
        timer = Task { [weak self] in
            do {
                try await clock.sleep(for: .seconds(wait))
            } catch {
                return
            }
            await self?.kick()
        }
    }
}
