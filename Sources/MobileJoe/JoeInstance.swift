import Foundation
import MobileJoeAPI
import SDKRuntime
import Synchronization

/// One Mobile Joe SDK: what `Joe`'s static API runs on, and what tests and apps with several
/// configurations use directly.
///
/// An instance stands for one app launch: it is configured once (later `configure` calls change
/// nothing), and a new instance on the same storage folder is a relaunch.
///
/// ```swift
/// let joe = JoeInstance(options: JoeOptions(storageDirectory: folder, baseURL: url))
/// try joe.configure(withAPIKey: "mj_public_...", appUserID: nil)
/// try joe.identify(appUserID: "account-42")
/// let plans = try await joe.featurePlans()
/// try joe.logout()
/// ```
///
/// Identity rules (the page "Identity and data"):
/// - Anonymous by default: the first configuration creates and stores an anonymous ID and a
///   device ID; later launches reuse them.
/// - `identify` stores the external ID (a hash of the app user ID; the app user ID itself is
///   never stored or sent). The first identification keeps the anonymous ID; the same account
///   again changes nothing (no write, no request); a different account logs out first.
/// - `logout()` continues with new anonymous and device IDs.
/// - `identify` and `logout()` take effect at once, in call order, and throw when the identity
///   cannot be stored; the identity in use is then unchanged. `configure` never fails for
///   storage: an identity it cannot store is used from memory for the launch (reported).
///
/// Identify requests go out in the background, in order: one per configuration (app start) and
/// one per identity change, each with the headers of the identity it announces. A failed one
/// is reported to `JoeOptions.onDiagnostic` and sent again at the next app start, not before.
///
/// Every request carries the headers of the page's iOS column, built by the generated
/// `MobileJoeRequestHeaders`:
///
/// | Header | Value |
/// | --- | --- |
/// | `Authorization` | the API key passed to `configure` |
/// | `Identity-Anonymous-ID` | the anonymous ID (`$MBJAnonymousID:` + 32 hex digits) |
/// | `Identity-Device-ID` | the device ID (`$MBJDeviceID:` + 32 hex digits) |
/// | `Identity-External-ID` | the external ID, only when signed in |
/// | `Framework-Version` | `Joe.frameworkVersion` |
/// | `App-Version` | `CFBundleShortVersionString` of the main bundle, or `JoeOptions.appInfo` |
/// | `App-Build-Version` | `CFBundleVersion` of the main bundle, or `JoeOptions.appInfo` |
/// | `OS-Name` | `iOS` on iOS; on Linux the distribution's name (see `JoeDeviceInfo`) |
/// | `OS-Version` | the system version (`18.2.0`); on Linux `VERSION_ID` or the kernel release |
/// | `Device-Model` | the model identifier (`iPhone16,2`); on Linux the `uname` machine (`x86_64`) |
/// | `Preferred-Languages` | up to three of `Locale.preferredLanguages` (on Linux `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), read once at the instance's first request; absent when there are none |
/// | `Debug-Mode` | `true` or `false`, the `debugMode` passed to `configure` |
///
/// `Device-Brand` (Android only) is not sent.
///
/// Thread safety: every method may be called from any thread. The identity is written while
/// the instance's lock is held, so that changes are stored in call order; no callback runs
/// while it is held.
public final class JoeInstance: Sendable {
    private struct State {
        var context: RequestContext?
        var identity: IdentityFile?
    }

    /// The options the instance was made with.
    public let options: JoeOptions
    private let store: IdentityStore
    private let transport: any Transport
    private let languages: LanguagesOnce
    private let sender = IdentifySender()
    private let state = Mutex(State())

    /// An instance that is not configured yet; it reads and writes nothing until called.
    public init(options: JoeOptions = JoeOptions()) {
        self.options = options
        store = IdentityStore(directory: options.storageDirectory)
        transport =
            options.transport
            ?? URLSessionTransport(timeout: MobileJoeConstants.requestTimeout, clock: options.clock)
        languages = LanguagesOnce(read: options.preferredLanguages ?? PreferredLanguages.system)
    }

    /// Whether `configure` has succeeded.
    public var isConfigured: Bool {
        state.withLock { $0.context != nil }
    }

    /// The identity in use, as stored; `nil` before configuration.
    public var identity: IdentityFile? {
        state.withLock { $0.identity }
    }

    /// Where the identity is stored: `<storageDirectory>/identity.mbj`.
    public var identityFileURL: URL {
        store.fileURL
    }

    /// Configures the instance: loads the stored identity (creating one on first use, or when
    /// the stored file is damaged: it is moved aside and reported), signs in `appUserID` when
    /// given, and sends an identify request in the background.
    ///
    /// Without an app user ID the stored identity is kept, a signed-in one included. Only the
    /// first successful call counts; later calls change nothing and are reported as
    /// `.configureIgnored`.
    ///
    /// - Parameters:
    ///   - apiKey: the public SDK API key, sent as `Authorization`.
    ///   - appUserID: your account ID when the user is signed in at launch.
    ///   - debugMode: sent as the `Debug-Mode` header of every request.
    /// When the identity cannot be stored (a full disk, a read-only folder), the instance is
    /// configured all the same and uses it from memory for this launch, reported as
    /// `.identityNotStored`; a damaged file that cannot be moved aside is left as it is.
    ///
    /// - Throws: `.invalidAppUserID` for a blank app user ID; nothing changes then.
    public func configure(
        withAPIKey apiKey: String, appUserID: String? = nil, debugMode: Bool = false
    ) throws(MobileJoeError) {
        let externalId = try appUserID.map { (id) throws(MobileJoeError) in try Self.externalId(for: id) }
        var diagnostics: [JoeDiagnostic] = []
        defer { diagnostics.forEach(options.onDiagnostic) }
        if isConfigured {
            diagnostics.append(.configureIgnored)
            return
        }
        let context = RequestContext(
            apiKey: apiKey, debugMode: debugMode, appInfo: options.appInfo ?? .mainBundle(),
            deviceInfo: options.deviceInfo ?? .current(), languages: languages, baseURL: options.baseURL,
            transport: transport, clock: options.clock)
        try state.withLock { (state) throws(MobileJoeError) in
            guard state.context == nil else {
                diagnostics.append(.configureIgnored)
                return
            }
            var (identity, changed) = loadOrCreate(diagnostics: &diagnostics)
            if let externalId, let next = identity.identified(as: externalId) {
                identity = next
                changed = true
            }
            if changed {
                do throws(MobileJoeError) {
                    try store.save(identity)
                } catch {
                    diagnostics.append(.identityNotStored(reason: error.storageReason))
                }
            }
            state.context = context
            state.identity = identity
            scheduleIdentify(identity, context: context)
        }
    }

    /// Signs in the account `appUserID`: stores its external ID and sends an identify request.
    ///
    /// The first identification keeps the anonymous ID; the same account again changes nothing;
    /// a different account logs out first (new anonymous and device IDs, then the external ID).
    ///
    /// - Throws: `.invalidAppUserID` for a blank ID, `.notConfigured` before `configure`,
    ///   `.storageFailed` when the identity cannot be stored. Nothing changes then.
    public func identify(appUserID: String) throws(MobileJoeError) {
        let externalId = try Self.externalId(for: appUserID)
        try state.withLock { (state) throws(MobileJoeError) in
            guard let context = state.context, let current = state.identity else { throw .notConfigured }
            guard let next = current.identified(as: externalId) else { return }
            try store.save(next)
            state.identity = next
            scheduleIdentify(next, context: context)
        }
    }

    /// Signs out: continues with new anonymous and device IDs (the account keeps its votes) and
    /// sends an identify request.
    ///
    /// Before configuration it replaces the stored identity locally and sends nothing, as the
    /// iOS SDK does, on every platform; the next `configure` uses the new identity.
    ///
    /// - Throws: `.storageFailed` when the identity cannot be stored; nothing changes then.
    public func logout() throws(MobileJoeError) {
        try state.withLock { (state) throws(MobileJoeError) in
            let next = IdentityFile.makeAnonymous()
            try store.save(next)
            guard let context = state.context else { return }
            state.identity = next
            scheduleIdentify(next, context: context)
        }
    }

    /// Returns when every identify request scheduled before the call has been answered or has
    /// failed (for tests and for apps that want to know the server has the identity).
    public func pendingIdentify() async {
        await sender.drain()
    }

    /// The context and identity of a configured instance, or `.notConfigured`.
    func requestState() throws(MobileJoeError) -> (RequestContext, IdentityFile) {
        let current = state.withLock { state in
            state.context.flatMap { context in state.identity.map { (context, $0) } }
        }
        guard let current else { throw .notConfigured }
        return current
    }

    /// The stored identity, or a new one when there is none or it cannot be used (the file is
    /// moved aside first); `changed` says whether it must be written. A file that cannot be
    /// moved aside is never written over: the new identity then lives in memory only.
    private func loadOrCreate(diagnostics: inout [JoeDiagnostic]) -> (identity: IdentityFile, changed: Bool) {
        switch store.load() {
        case .found(let identity):
            return (identity, false)
        case .missing:
            return (.makeAnonymous(), true)
        case .unusable(let problem):
            do throws(MobileJoeError) {
                let movedTo = try store.moveAside(now: options.clock.now())
                diagnostics.append(.identityFileMovedAside(problem: problem, movedTo: movedTo))
                return (.makeAnonymous(), true)
            } catch {
                diagnostics.append(.identityNotStored(reason: "\(problem); \(error.storageReason)"))
                return (.makeAnonymous(), false)
            }
        }
    }

    /// Sends the identify request for `identity` after those scheduled before it.
    private func scheduleIdentify(_ identity: IdentityFile, context: RequestContext) {
        let onDiagnostic = options.onDiagnostic
        sender.schedule {
            do throws(APIError) {
                _ = try await context.client(for: identity).identify(idempotencyKey: UUID().uuidString.lowercased())
            } catch {
                onDiagnostic(.identifyRequestFailed(error))
            }
        }
    }

    /// The external ID of `appUserID`, checked by the generated `AppUserIdRule`.
    static func externalId(for appUserID: String) throws(MobileJoeError) -> String {
        guard AppUserIdRule.validate(appUserID) == nil else { throw .invalidAppUserID }
        return ExternalId.make(from: appUserID)
    }
}
