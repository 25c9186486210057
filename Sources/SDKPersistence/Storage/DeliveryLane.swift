/// Which part of the outbox an item waits in. Lower lanes are delivered first: no item of a
/// lane is sent while an item of a lower lane is still waiting.
///
/// An open set: an SDK may define its own lanes with `init(rawValue:)`. Put them before
/// `events`: the outbox's indexes leave the events lane out (see `DeliveryQueue`), so while only
/// lanes after it hold items, finding whether events wait reads the table through.
public struct DeliveryLane: RawRepresentable, Sendable, Hashable, Comparable,
    CustomStringConvertible
{
    /// The lane's position; lower goes first.
    public var rawValue: Int

    /// The lane at position `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Links between an anonymous and a known identity: everything else depends on them.
    public static let identityLinks = DeliveryLane(rawValue: 0)
    /// Purchases to record.
    public static let purchases = DeliveryLane(rawValue: 1)
    /// Person and group attribute updates.
    public static let attributes = DeliveryLane(rawValue: 2)
    /// Analytics events.
    public static let events = DeliveryLane(rawValue: 3)

    /// Whether an enqueue into this lane is synced to disk before it returns.
    ///
    /// Every enqueue is committed before it returns, so nothing is lost when the app is killed or
    /// crashes. Identity links and purchases (every lane before `attributes`) are also synced to
    /// disk, so that not even a power loss takes them; attribute updates and analytics events are
    /// left to the operating system to write out, as analytics SDKs do, which makes an enqueue
    /// take tens of microseconds instead of a disk flush of a millisecond or more. A later synced
    /// commit also makes every earlier one durable (the write-ahead log is written in order).
    public var isSyncedToDisk: Bool { rawValue < DeliveryLane.attributes.rawValue }

    /// Orders lanes by delivery priority.
    public static func < (lhs: DeliveryLane, rhs: DeliveryLane) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `lane <n>`.
    public var description: String { "lane \(rawValue)" }
}
