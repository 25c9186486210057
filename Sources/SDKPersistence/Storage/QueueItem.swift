import Foundation

/// An item stored in the outbox, as read back for delivery.
public struct QueueItem: Sendable, Hashable, Identifiable {
    /// The item's permanent ID, also its idempotency key.
    public var id: QueueItemID
    /// The lane it waits in.
    public var lane: DeliveryLane
    /// What it is, in the SDK's own words (for example `"identify"` or `"event"`); the delivery
    /// code uses it to decode `payload`.
    public var kind: String
    /// The request body or whatever the SDK stored to rebuild the request.
    public var payload: Data
    /// How many delivery attempts failed so far (see `DeliveryQueue.recordAttempt`).
    public var attempts: Int
    /// The last failure recorded, if any; free of personal data.
    public var lastError: String?
    /// When it was enqueued.
    public var createdAt: Date

    /// An item with every part spelled out.
    public init(
        id: QueueItemID, lane: DeliveryLane, kind: String, payload: Data, attempts: Int = 0,
        lastError: String? = nil, createdAt: Date
    ) {
        self.id = id
        self.lane = lane
        self.kind = kind
        self.payload = payload
        self.attempts = attempts
        self.lastError = lastError
        self.createdAt = createdAt
    }
}
