// Compile-only stand-in for the Combine names an app file sees beside the SDKs, for
// `.ci/apple-typecheck`: only what makes a clash with an SDK name visible. Nothing here runs.

/// A protocol representing the connection of a subscriber to a publisher.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol Subscription: Cancellable {}

/// A protocol indicating that an activity or action supports cancellation.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol Cancellable {
    /// Cancels the activity.
    func cancel()
}

/// A namespace for symbols related to subscriptions.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public enum Subscriptions {
    /// The empty subscription.
    public static var empty: any Subscription { fatalError("compile-only stub") }
}
