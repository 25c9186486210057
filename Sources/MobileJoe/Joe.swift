import Foundation
import PackageRelease
import Synchronization

/// The Mobile Joe SDK's static API, as the docs name it.
///
/// ```swift
/// try Joe.configure(withAPIKey: "mj_public_...", appUserID: nil)   // at app start
/// try Joe.identify(appUserID: "account-42")                       // after sign-in
/// try Joe.logout()                                                // after sign-out
/// let plans = try await Joe.shared?.featurePlans()
/// ```
///
/// It runs on one process-wide `JoeInstance`, made by the first `configure` with that call's
/// options; see `JoeInstance` for the rules. Apps with several configurations, and tests, use
/// `JoeInstance` directly.
public enum Joe {
    /// The SDK version, sent as `Framework-Version`: the package's release (the latest entry of
    /// its CHANGELOG).
    public static let frameworkVersion = Release.version

    private static let instance = Mutex<JoeInstance?>(nil)

    /// The configured instance, or `nil` before `configure` has succeeded.
    public static var shared: JoeInstance? {
        instance.withLock { $0 }.flatMap { $0.isConfigured ? $0 : nil }
    }

    /// Configures the SDK once per app launch; later calls change nothing (the options of a
    /// later call are ignored too). See `JoeInstance.configure(withAPIKey:appUserID:debugMode:)`.
    ///
    /// - Returns: the process-wide instance.
    @discardableResult
    public static func configure(
        withAPIKey apiKey: String, appUserID: String? = nil, debugMode: Bool = false,
        options: JoeOptions = JoeOptions()
    ) throws(MobileJoeError) -> JoeInstance {
        let target = instance.withLock { current in
            if let current { return current }
            let created = JoeInstance(options: options)
            current = created
            return created
        }
        try target.configure(withAPIKey: apiKey, appUserID: appUserID, debugMode: debugMode)
        return target
    }

    /// Signs in `appUserID`; throws `.notConfigured` before `configure`.
    /// See `JoeInstance.identify(appUserID:)`.
    public static func identify(appUserID: String) throws(MobileJoeError) {
        guard let target = instance.withLock({ $0 }) else {
            _ = try JoeInstance.externalId(for: appUserID)
            throw .notConfigured
        }
        try target.identify(appUserID: appUserID)
    }

    /// Signs out. Before `configure` it replaces the identity stored in the default folder
    /// locally, as on iOS. See `JoeInstance.logout()`.
    public static func logout() throws(MobileJoeError) {
        try (instance.withLock { $0 } ?? JoeInstance()).logout()
    }
}
