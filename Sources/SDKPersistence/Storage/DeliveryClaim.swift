import Foundation

/// The answer to `DeliveryQueue.claimDelivery(owner:lease:now:)`: whether the asking owner may
/// send from the queue now.
///
/// The queue holds one claim at a time, for every process that shares the storage (an app and
/// its extensions), so that an item is sent by one process at a time and delivery keeps its
/// order across processes.
public enum DeliveryClaim: Sendable, Hashable {
    /// The owner holds the claim until this date (a new claim or a renewal).
    case granted(until: Date)
    /// Another owner, alive, holds the claim until this date.
    case heldElsewhere(until: Date)
}
