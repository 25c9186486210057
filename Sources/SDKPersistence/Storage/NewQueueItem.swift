import Foundation

/// An item to enqueue with `DeliveryQueue.enqueueMany`: everything but the ID and the time,
/// which the queue assigns.
public struct NewQueueItem: Sendable, Hashable {
    /// The lane it will wait in.
    public var lane: DeliveryLane
    /// What it is (see `QueueItem.kind`).
    public var kind: String
    /// The bytes to store.
    public var payload: Data

    /// An item for `lane`, of `kind`, carrying `payload`.
    public init(lane: DeliveryLane, kind: String, payload: Data) {
        self.lane = lane
        self.kind = kind
        self.payload = payload
    }
}
