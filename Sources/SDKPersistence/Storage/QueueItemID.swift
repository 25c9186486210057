import SDKRuntime

/// The identity of a queued item: a UUIDv7 in lowercase text, time-ordered.
///
/// It is assigned once, when the item is stored, and never changes: it is the idempotency key
/// sent with the item (so a re-send after a crash is recognised by the server) and the only
/// handle by which an item is ever removed. The IDs one storage makes increase strictly; items
/// are delivered in the order they were stored, whichever process stored them.
public struct QueueItemID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The UUID text, such as `0190b6d2-6c1e-7a3b-8f00-0123456789ab`.
    public let rawValue: String
    /// Where the item is stored, when this ID came from the queue (`enqueue`, `nextBatch`): the
    /// queue then finds the item without an index. Not part of the ID's identity.
    let position: Int64?

    /// Wraps an ID read back from somewhere (for example an `.rejected(ids:)` outcome).
    public init(rawValue: String) {
        self.rawValue = rawValue
        position = nil
    }

    /// The ID of the item stored at `position`.
    init(rawValue: String, position: Int64) {
        self.rawValue = rawValue
        self.position = position
    }

    /// Whether both name the same item: the same text, wherever either was read.
    public static func == (lhs: QueueItemID, rhs: QueueItemID) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Feeds the text to `hasher`.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Orders IDs by their text, the order one storage assigns them in.
    public static func < (lhs: QueueItemID, rhs: QueueItemID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The UUID text.
    public var description: String { rawValue }
}
