/// Where a `DataProtectionGate` learns that protected data comes and goes.
///
/// On iOS, iPadOS, tvOS, visionOS and Mac Catalyst the system's source is
/// `ProtectedDataNotifications.system`, UIKit's `protectedDataWillBecomeUnavailable` and
/// `protectedDataDidBecomeAvailable` notifications. Tests pass their own.
public protocol ProtectedDataSource: Sendable {
    /// Every change from now on, in order: `false` when protected data is going away (the device
    /// locks), `true` when it is back. The stream ends when the source stops.
    func changes() -> AsyncStream<Bool>
}
