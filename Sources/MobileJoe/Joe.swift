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

    /// The process-wide instance, and a `logout()` made before there was one.
    private struct State {
        var instance: JoeInstance?
        /// Where a `logout()` made before `configure` signed out: the default folder, and whether
        /// the new identity was stored there; read only until `instance` is set.
        var loggedOutBeforeConfigure: (folder: URL, stored: Bool)?
    }

    private static let state = Mutex(State())

    /// The configured instance, or `nil` before `configure` has succeeded.
    public static var shared: JoeInstance? {
        state.withLock { $0.instance }.flatMap { $0.isConfigured ? $0 : nil }
    }

    /// Configures the SDK once per app launch; later calls change nothing (the options of a
    /// later call are ignored too). A call that throws (`.invalidAppUserID`) does not count: the
    /// next call configures with its own options. See
    /// `JoeInstance.configure(withAPIKey:appUserID:debugMode:)`.
    ///
    /// A `logout()` made before it signed out the identity stored in the default folder. When
    /// these options name another folder (`JoeOptions.storageDirectory`), or the default folder's
    /// new identity could not be stored, the logout is applied here, before the identity is read;
    /// should that new identity not be stored either, `.identityNotStored` is reported and this
    /// launch goes on signed out all the same, from memory (the stored identity is not used: the
    /// app asked to sign out).
    ///
    /// - Returns: the process-wide instance.
    @discardableResult
    public static func configure(
        withAPIKey apiKey: String, appUserID: String? = nil, debugMode: Bool = false,
        options: JoeOptions = JoeOptions()
    ) throws(MobileJoeError) -> JoeInstance {
        // A call that throws changes nothing: no instance with its options, no logout used up.
        if let appUserID { _ = try JoeInstance.externalId(for: appUserID) }
        let (target, loggedOut) = state.withLock { (state) -> (JoeInstance, Result<Void, MobileJoeError>) in
            if let current = state.instance { return (current, .success(())) }
            let created = JoeInstance(options: options)
            state.instance = created
            guard let loggedOut = state.loggedOutBeforeConfigure,
                !loggedOut.stored || !isSameFolder(loggedOut.folder, options.storageDirectory)
            else { return (created, .success(())) }
            return (created, Result { () throws(MobileJoeError) in try created.logoutBeforeConfigure() })
        }
        if case .failure(let error) = loggedOut {
            options.onDiagnostic(.identityNotStored(reason: "the logout made before configure: \(error.storageReason)"))
        }
        try target.configure(withAPIKey: apiKey, appUserID: appUserID, debugMode: debugMode)
        return target
    }

    /// Signs in `appUserID`; throws `.notConfigured` before `configure`.
    /// See `JoeInstance.identify(appUserID:)`.
    public static func identify(appUserID: String) throws(MobileJoeError) {
        guard let target = state.withLock({ $0.instance }) else {
            _ = try JoeInstance.externalId(for: appUserID)
            throw .notConfigured
        }
        try target.identify(appUserID: appUserID)
    }

    /// Signs out. See `JoeInstance.logout()`.
    ///
    /// Before `configure`, as on iOS, it replaces the identity stored in the default folder
    /// (`JoeOptions().storageDirectory`) at once and sends nothing, and throws `.storageFailed`
    /// when the new identity cannot be stored there. Either way the first `configure` signs out
    /// the folder its options name, unless it is the default folder and the new identity is
    /// stored there already: the app may keep its identity elsewhere.
    public static func logout() throws(MobileJoeError) {
        let (target, failure) = state.withLock { (state) -> (JoeInstance?, MobileJoeError?) in
            guard state.instance == nil else { return (state.instance, nil) }
            let defaults = JoeInstance()
            let result = Result { () throws(MobileJoeError) in try defaults.logout() }
            state.loggedOutBeforeConfigure = (defaults.options.storageDirectory, (try? result.get()) != nil)
            guard case .failure(let error) = result else { return (nil, nil) }
            return (nil, error)
        }
        if let failure { throw failure }
        try target?.logout()
    }

    /// Whether `first` and `second` name one folder, links followed.
    private static func isSameFolder(_ first: URL, _ second: URL) -> Bool {
        first.standardizedFileURL.resolvingSymlinksInPath().path
            == second.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
