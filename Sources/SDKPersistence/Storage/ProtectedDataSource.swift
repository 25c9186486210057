/// Where a `DataProtectionGate` learns that protected data comes and goes.
///
/// On iOS, iPadOS, tvOS, visionOS and Mac Catalyst the system's source is
/// `ProtectedDataNotifications.system`, UIKit's `protectedDataWillBecomeUnavailable` and
/// `protectedDataDidBecomeAvailable` notifications. Tests pass their own.
public protocol ProtectedDataSource: Sendable {
    /// Every change from now on, in order: `false` when protected data is going away (the device
    /// locks), `true` when it is back. The stream ends when the source stops.
    func changes() -> AsyncStream<Bool>

    /// Whether protected data is available now, or `nil` when the source cannot tell (the
    /// default): a gate following the source starts from this answer, then follows `changes()`.
    func isAvailableNow() async -> Bool?
}

extension ProtectedDataSource {
    /// `nil`: the source reports changes only.
    public func isAvailableNow() async -> Bool? { nil }
}
