import Foundation
import MobileJoeAPI
import SDKPersistence
import SDKRuntime

/// Where and how a `JoeInstance` stores and sends; every member has a default for apps.
///
/// Tests and apps with several configurations set the storage folder, base URL, transport and
/// clock; the app and device info and the languages can be set when the defaults do not fit.
public struct JoeOptions: Sendable {
    /// The Mobile Joe API every default instance talks to.
    public static let defaultBaseURL = URL(string: "https://api.mobilejoe.dev") ?? URL(fileURLWithPath: "/")

    /// The folder holding the identity file (``/MobileJoeAPI/MobileJoeConstants/identityFileName``): by default
    /// the folder ``/MobileJoeAPI/MobileJoeConstants/identityFolder`` in Application Support on Apple platforms
    /// and in `$XDG_DATA_HOME` (or `~/.local/share`) on Linux.
    ///
    /// The SDK does not exclude it from backups. On Apple platforms an app that wants to sets
    /// `URLResourceValues.isExcludedFromBackup` on this folder once it exists (after the first
    /// `configure`):
    /// ```swift
    /// var values = URLResourceValues()
    /// values.isExcludedFromBackup = true
    /// var folder = JoeOptions().storageDirectory
    /// try folder.setResourceValues(values)
    /// ```
    public var storageDirectory: URL
    /// The API's base URL; request paths are appended to it.
    public var baseURL: URL
    /// What sends requests; `nil` means a `URLSessionTransport` with the contract's timeout
    /// (``/MobileJoeAPI/MobileJoeConstants/requestTimeout``), measured on `clock`, caching responses in
    /// `URLCache.shared` on Apple platforms (nothing elsewhere). Identify requests are not retried
    /// within a launch.
    public var transport: (any Transport)?
    /// The clock for timeouts, `Retry-After` dates and the names of moved-aside files.
    public var clock: any SDKClock
    /// The `App-Version` and `App-Build-Version` values; `nil` reads the main bundle.
    public var appInfo: JoeAppInfo?
    /// The `OS-Name`, `OS-Version` and `Device-Model` values; `nil` reads the system.
    public var deviceInfo: JoeDeviceInfo?
    /// Reads the preferred languages, once, at the instance's first request; `nil` reads the
    /// system's (`PreferredLanguages.system()`). Only the first
    /// ``/MobileJoeAPI/MobileJoeConstants/maxPreferredLanguages`` are sent.
    public var preferredLanguages: (@Sendable () -> [String])?
    /// Whether protected data can be read now: while it cannot, the identity file is not read
    /// (it is kept, and read once the gate opens). By default `DataProtectionGate.system`.
    public var dataProtection: DataProtectionGate
    /// Receives what the SDK handled on its own (a damaged identity file moved aside, a failed
    /// identify request, an ignored `configure`); by default a warning on standard error.
    /// Called on no particular thread, never while the SDK holds a lock.
    public var onDiagnostic: @Sendable (JoeDiagnostic) -> Void

    /// Options with every member given or defaulted.
    public init(
        storageDirectory: URL = StorageLocation.defaultDirectory(sdk: MobileJoeConstants.identityFolder),
        baseURL: URL = JoeOptions.defaultBaseURL,
        transport: (any Transport)? = nil,
        clock: any SDKClock = SystemClock(),
        appInfo: JoeAppInfo? = nil,
        deviceInfo: JoeDeviceInfo? = nil,
        preferredLanguages: (@Sendable () -> [String])? = nil,
        dataProtection: DataProtectionGate = .system,
        onDiagnostic: @escaping @Sendable (JoeDiagnostic) -> Void = JoeDiagnostic.printToStandardError
    ) {
        self.storageDirectory = storageDirectory
        self.baseURL = baseURL
        self.transport = transport
        self.clock = clock
        self.appInfo = appInfo
        self.deviceInfo = deviceInfo
        self.preferredLanguages = preferredLanguages
        self.dataProtection = dataProtection
        self.onDiagnostic = onDiagnostic
    }
}
