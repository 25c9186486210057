import Foundation
import SDKPersistence
import SDKRuntime

/// How a Voidhash instance is set up. Every part has a default that suits an app.
public struct VoidhashOptions: Sendable {
    /// Where the Voidhash API lives: `https://api.voidhash.com`.
    public static let defaultBaseURL =
        URL(string: "https://api.voidhash.com") ?? URL(fileURLWithPath: "/")

    /// The signed-in user's ID when the app already knows it at launch: adopted without a
    /// request, and an anonymous ID the device used before is linked in the background. An ID
    /// that breaks the user ID rules is ignored with an `onWarning` warning.
    public var distinctId: String?
    /// The API's base URL (the emulator's loopback URL in tests and offline development).
    public var baseURL: URL
    /// Where the SDK keeps its database; `nil` for the platform default
    /// (`StorageLocation.defaultDirectory(sdk: "Voidhash")`).
    public var storageDirectory: URL?
    /// What sends requests; `nil` for a `URLSessionTransport` with the request timeout
    /// (``/VoidhashAPI/VoidhashConstants/requestTimeout``).
    public var transport: (any Transport)?
    /// The clock for every time limit and timestamp; tests pass a `ManualClock`.
    public var clock: any SDKClock
    /// The user's analytics consent to apply at launch; `nil` keeps the stored answer
    /// (`.granted` when there is none, `.pending` when the stored one cannot be read).
    public var analyticsConsent: VoidhashAnalyticsConsent?
    /// Whether the SDK records lifecycle events such as `$sign_out` (with analytics consent).
    public var lifecycleEvents: Bool
    /// Where purchases come from; `nil` for StoreKit where it exists, else no purchases.
    public var purchaseSource: (any PurchaseSource)?
    /// Whether protected data can be used now; the SDK waits for it before reading storage, and
    /// a change made while it is locked waits for the unlock before it is stored. By default
    /// `DataProtectionGate.system`, which follows UIKit's protected-data notifications where
    /// UIKit has them; an app (not an extension) may pass
    /// `DataProtectionGate(following: ProtectedDataNotifications.application)`, which also starts
    /// from whether protected data is available at launch. Either way a database that cannot be
    /// read for now (before the first unlock) is waited for, never replaced.
    public var dataProtection: DataProtectionGate
    /// Receives mistakes the SDK ignored instead of throwing (such as an invalid `distinctId`).
    ///
    /// Called during the SDK's own work, which waits for it: return quickly, and make any call
    /// into the SDK from a task of its own (a callback that blocks until such a call answers
    /// waits for itself).
    public var onWarning: (@Sendable (VoidhashWarning) -> Void)?
    /// Receives run-time diagnostics such as `PERSON_WRITE_REJECTED`; called as `onWarning` is.
    public var onDiagnostic: (@Sendable (VoidhashDiagnostic) -> Void)?

    /// Options with every part spelled out; each has a default.
    public init(
        distinctId: String? = nil, baseURL: URL = VoidhashOptions.defaultBaseURL,
        storageDirectory: URL? = nil, transport: (any Transport)? = nil,
        clock: any SDKClock = SystemClock(), analyticsConsent: VoidhashAnalyticsConsent? = nil,
        lifecycleEvents: Bool = true, purchaseSource: (any PurchaseSource)? = nil,
        dataProtection: DataProtectionGate = .system,
        onWarning: (@Sendable (VoidhashWarning) -> Void)? = nil,
        onDiagnostic: (@Sendable (VoidhashDiagnostic) -> Void)? = nil
    ) {
        self.distinctId = distinctId
        self.baseURL = baseURL
        self.storageDirectory = storageDirectory
        self.transport = transport
        self.clock = clock
        self.analyticsConsent = analyticsConsent
        self.lifecycleEvents = lifecycleEvents
        self.purchaseSource = purchaseSource
        self.dataProtection = dataProtection
        self.onWarning = onWarning
        self.onDiagnostic = onDiagnostic
    }
}
