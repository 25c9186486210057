import Foundation

/// An item taken out of delivery because it can never be sent (it could not be decoded, or is
/// too large even alone). Kept, never deleted silently, so that it can be inspected or
/// reported.
public struct QuarantinedItem: Sendable, Hashable {
    /// The item as it was in the outbox.
    public var item: QueueItem
    /// Why it was set aside; free of personal data.
    public var reason: String
    /// When it was set aside.
    public var quarantinedAt: Date

    /// A quarantined item with every part spelled out.
    public init(item: QueueItem, reason: String, quarantinedAt: Date) {
        self.item = item
        self.reason = reason
        self.quarantinedAt = quarantinedAt
    }
}
