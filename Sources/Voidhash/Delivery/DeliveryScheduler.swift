import Foundation
import SDKPersistence
import SDKRuntime

/// Runs the delivery pump whenever there may be something to send, and again when a back-off
/// or a rate-limit pause ends (timed on the SDK's clock).
///
/// `kick()` never starts a second drain: a kick during a drain makes the running loop drain
/// once more, so an item enqueued at any moment is picked up. While another process sharing the
/// storage holds the delivery claim, it looks again every `claimRecheck`.
///
/// Drains are numbered from 1 in the order they start, and a stall names the drain that ended
/// with it, so a call that asked for an attempt (`attempt(through:)`) can tell a stall of a
/// drain that tried its item from one of an earlier drain that did not.
actor DeliveryScheduler {
    /// How soon to look again while another process holds the delivery claim: that process
    /// releases it when its drain ends, and calls here may be waiting for items it sent.
    static let claimRecheck: TimeInterval = 0.1

    private let pump: DeliveryPump
    private let clock: any SDKClock
    private let onStorageFailure: @Sendable (StorageError) -> Void
    private let onStall: @Sendable (_ drain: UInt64) async -> Void
    private let onEmptied: @Sendable () async -> Void
    private let onClaimedElsewhere: @Sendable () async -> Void
    private var loop: Task<Void, Never>?
    private var isRequested = false
    private var timer: Task<Void, Never>?
    private var isStopped = false
    /// How many drains have started.
    private var drainsStarted: UInt64 = 0
    /// The last lane whose back-off the next drain lifts (with every earlier lane), if a call
    /// asked for an attempt.
    private var attemptThrough: DeliveryLane?

    /// A scheduler for `pump`, timing retries on `clock`; `onStall` is called with the drain's
    /// number whenever a drain ends with items left that must wait (a back-off, a pause, a
    /// storage failure), `onEmptied`
    /// whenever one empties the queue, `onClaimedElsewhere` whenever another process is sending.
    init(
        pump: DeliveryPump, clock: any SDKClock,
        onStorageFailure: @escaping @Sendable (StorageError) -> Void,
        onStall: @escaping @Sendable (_ drain: UInt64) async -> Void,
        onEmptied: @escaping @Sendable () async -> Void,
        onClaimedElsewhere: @escaping @Sendable () async -> Void
    ) {
        self.pump = pump
        self.clock = clock
        self.onStorageFailure = onStorageFailure
        self.onStall = onStall
        self.onEmptied = onEmptied
        self.onClaimedElsewhere = onClaimedElsewhere
    }

    /// Asks for a drain as soon as possible.
    func kick() {
        guard !isStopped else { return }
        isRequested = true
        guard loop == nil else { return }
        loop = Task { await self.run() }
    }

    /// Asks for a drain that first lifts the back-off of `lane` and of every lane before it, so
    /// that a call waiting for its own item gets an attempt now even if an earlier failure set
    /// that lane to wait (a rate-limit pause still holds: the server asked for it). Returns the
    /// number of the drain that will make the attempt: a stall of that drain or a later one
    /// means the item was not delivered.
    func attempt(through lane: DeliveryLane) -> UInt64 {
        attemptThrough = max(attemptThrough ?? lane, lane)
        kick()
        return drainsStarted + 1
    }

    /// Drains now and returns when the queue is empty or delivery has stopped for a while.
    func flush() async {
        kick()
        await loop?.value
    }

    /// Stops for good: no more drains, no more timers.
    func stop() async {
        isStopped = true
        timer?.cancel()
        timer = nil
        let running = loop
        running?.cancel()
        await running?.value
    }

    private func run() async {
        while isRequested, !isStopped {
            isRequested = false
            drainsStarted += 1
            let drain = drainsStarted
            if let lane = attemptThrough {
                attemptThrough = nil
                await pump.liftBackOff(through: lane)
            }
            switch await pump.drain() {
            case .backingOff(let until), .paused(let until):
                schedule(at: until)
                await onStall(drain)
            case .storageFailed(let error):
                onStorageFailure(error)
                schedule(at: clock.now().addingTimeInterval(1))
                await onStall(drain)
            case .emptied:
                await onEmptied()
            case .claimedElsewhere(let until):
                schedule(at: min(until, clock.now().addingTimeInterval(Self.claimRecheck)))
                await onClaimedElsewhere()
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
