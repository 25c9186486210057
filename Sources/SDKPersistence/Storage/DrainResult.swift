import Foundation

/// Why `DeliveryPump.drain()` stopped.
public enum DrainResult: Sendable, Hashable {
    /// The queue is empty.
    case emptied
    /// Delivery is paused by a rate limit until this date (persisted).
    case paused(until: Date)
    /// A batch failed; the next attempt is due at this date.
    case backingOff(until: Date)
    /// Storage could not be read or written (for example `.temporarilyUnavailable` while the
    /// device is locked); nothing was lost, items not confirmed stay queued.
    case storageFailed(StorageError)
    /// Another pump, in this process or another one sharing the storage, holds the delivery
    /// claim until this date at the latest; it sends what is queued. Look again soon: the claim
    /// is released as soon as that pump's drain ends.
    case claimedElsewhere(until: Date)
    /// Another `drain()` of the same pump is running; it will send what is queued.
    case alreadyDraining
    /// The draining task was cancelled.
    case cancelled
}
