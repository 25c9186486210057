// Compile-only stand-in for the parts of UIKit the SDKs use, for `.ci/apple-typecheck`, declared
// as Apple documents them (iOS, iPadOS, Mac Catalyst, tvOS, visionOS; watchOS has no
// `UIApplication`). Nothing here runs.
import Foundation

/// The centralized point of control of a running app.
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIApplication {
    /// Posted shortly before protected files become inaccessible (the device locks).
    public nonisolated static let protectedDataWillBecomeUnavailableNotification =
        NSNotification.Name("UIApplicationProtectedDataWillBecomeUnavailable")
    /// Posted when protected files become available again.
    public nonisolated static let protectedDataDidBecomeAvailableNotification =
        NSNotification.Name("UIApplicationProtectedDataDidBecomeAvailable")

    /// The app's instance; unavailable in app extensions.
    @available(iOSApplicationExtension, unavailable)
    public class var shared: UIApplication { fatalError("compile-only stub") }

    /// Whether protected files can be read now.
    public var isProtectedDataAvailable: Bool { fatalError("compile-only stub") }
}
