import Foundation

/// What `getCurrentPersonState()` returns: the person and how much to trust the snapshot.
///
/// `value == nil && isStale` means unknown (the SDK could not ask Voidhash), never "no access";
/// `value == nil && !isStale` means Voidhash has no person for the distinct ID yet.
public struct VoidhashPersonState: Sendable, Hashable {
    /// Why the snapshot is as fresh as it is.
    public enum Reason: String, Sendable, Hashable {
        /// Fetched from Voidhash within ``/VoidhashAPI/VoidhashConstants/personStaleAfter`` (or just now).
        case fresh
        /// Stale, and a refresh is still under way.
        case refreshInFlight
        /// Stale, and the last refresh failed.
        case refreshFailed
        /// Nothing is cached and Voidhash could not be asked.
        case noCache
    }

    /// The person, or `nil` (see the type's description).
    public var value: VoidhashPerson?
    /// Whether the snapshot may be out of date.
    public var isStale: Bool
    /// Whether the snapshot is older than ``/VoidhashAPI/VoidhashConstants/personExpiresAfter``, or dated in
    /// the future by more than ``/VoidhashAPI/VoidhashConstants/personStaleAfter`` (the device clock was set
    /// back since: its age is unknown); branch on it for high-value content.
    public var isExpired: Bool
    /// Why the snapshot is as fresh as it is.
    public var reason: Reason
    /// When the snapshot was fetched, by the device clock; `nil` without a snapshot.
    public var fetchedAt: Date?

    /// A state with every part spelled out.
    public init(
        value: VoidhashPerson?, isStale: Bool, isExpired: Bool, reason: Reason, fetchedAt: Date?
    ) {
        self.value = value
        self.isStale = isStale
        self.isExpired = isExpired
        self.reason = reason
        self.fetchedAt = fetchedAt
    }
}
