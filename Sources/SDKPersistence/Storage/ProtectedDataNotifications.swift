import Foundation

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#endif

/// A `ProtectedDataSource` made of two notifications: one posted when protected data is about to
/// become unavailable, one when it is available again.
///
/// The system's pair is UIKit's (`system`, and `application`, which also reads the state at the
/// start); any other center and names work the same way, which is how the observation is tested
/// on platforms without UIKit.
public struct ProtectedDataNotifications: ProtectedDataSource {
    /// The center the notifications are posted to.
    public let center: NotificationCenter
    /// Posted before protected data becomes unavailable.
    public let willBecomeUnavailable: Notification.Name
    /// Posted once protected data is available again.
    public let didBecomeAvailable: Notification.Name
    /// Reads, on the main actor, whether protected data is available now; `nil` when nothing can
    /// say (the source then reports changes only).
    public let currentAvailability: (@MainActor @Sendable () -> Bool)?

    /// A source observing `willBecomeUnavailable` and `didBecomeAvailable` on `center`, and
    /// answering `isAvailableNow()` with `currentAvailability` when given.
    public init(
        center: NotificationCenter, willBecomeUnavailable: Notification.Name,
        didBecomeAvailable: Notification.Name,
        currentAvailability: (@MainActor @Sendable () -> Bool)? = nil
    ) {
        self.center = center
        self.willBecomeUnavailable = willBecomeUnavailable
        self.didBecomeAvailable = didBecomeAvailable
        self.currentAvailability = currentAvailability
    }

    #if canImport(UIKit) && !os(watchOS)
        /// UIKit's notifications, on the default center. It cannot say whether protected data is
        /// available at the start: that needs `UIApplication.shared`, which app extensions do
        /// not have (see `application`).
        public static var system: ProtectedDataNotifications {
            ProtectedDataNotifications(
                center: .default,
                willBecomeUnavailable: UIApplication.protectedDataWillBecomeUnavailableNotification,
                didBecomeAvailable: UIApplication.protectedDataDidBecomeAvailableNotification)
        }

        /// UIKit's notifications, and `UIApplication.shared.isProtectedDataAvailable` for the
        /// state at the start, so a gate following it is locked from the start of a launch
        /// before the first unlock. For apps only: app extensions have no `UIApplication.shared`.
        @available(iOSApplicationExtension, unavailable)
        @available(macCatalystApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        @available(visionOSApplicationExtension, unavailable)
        public static var application: ProtectedDataNotifications {
            let system = system
            return ProtectedDataNotifications(
                center: system.center, willBecomeUnavailable: system.willBecomeUnavailable,
                didBecomeAvailable: system.didBecomeAvailable,
                currentAvailability: { UIApplication.shared.isProtectedDataAvailable })
        }
    #endif

    /// What `currentAvailability` reads now, or `nil` without it.
    public func isAvailableNow() async -> Bool? {
        guard let currentAvailability else { return nil }
        return await currentAvailability()
    }

    /// Yields `false` for each `willBecomeUnavailable` and `true` for each `didBecomeAvailable`;
    /// the observers are removed when the stream's consumer stops.
    public func changes() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        let center = center
        let observers = [
            (willBecomeUnavailable, false), (didBecomeAvailable, true),
        ].map { name, available in
            ObserverToken(
                center.addObserver(forName: name, object: nil, queue: nil) { _ in
                    continuation.yield(available)
                })
        }
        continuation.onTermination = { _ in
            for observer in observers { center.removeObserver(observer.token) }
        }
        return stream
    }
}

/// A notification observer token, which Foundation hands out as a plain `NSObjectProtocol`;
/// it is only ever passed back to `removeObserver`.
private struct ObserverToken: @unchecked Sendable {
    let token: any NSObjectProtocol

    init(_ token: any NSObjectProtocol) {
        self.token = token
    }
}
