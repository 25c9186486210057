import Foundation
import MobileJoeAPI
import SDKPersistence
import SDKRuntime
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One Mobile Joe SDK: what `Joe`'s static API runs on, and what tests and apps with several
/// configurations use directly.
///
/// An instance stands for one app launch: it is configured once (later `configure` calls change
/// nothing), and a new instance on the same storage folder is a relaunch. Instances that run at
/// once on one folder (an app and its extension, each in a process of its own) share the one
/// identity: before every request and every `identify`, an instance reads the file again if
/// another one wrote it since, and goes on with what it holds.
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
/// | `Identity-Anonymous-ID` | the anonymous ID (the generated `AnonymousId`'s format) |
/// | `Identity-Device-ID` | the device ID (the generated `DeviceId`'s format) |
/// | `Identity-External-ID` | the external ID, only when signed in |
/// | `Framework-Version` | `Joe.frameworkVersion` |
/// | `App-Version` | `CFBundleShortVersionString` of the main bundle, or `JoeOptions.appInfo` |
/// | `App-Build-Version` | `CFBundleVersion` of the main bundle, or `JoeOptions.appInfo` |
/// | `OS-Name` | `iOS` on iOS; on Linux the distribution's name (see `JoeDeviceInfo`) |
/// | `OS-Version` | the system version (`18.2.0`); on Linux `VERSION_ID` or the kernel release |
/// | `Device-Model` | the model identifier (`iPhone16,2`); on Linux the `uname` machine (`x86_64`) |
/// | `Preferred-Languages` | up to ``/MobileJoeAPI/MobileJoeConstants/maxPreferredLanguages`` of `Locale.preferredLanguages` (on Linux `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, else Foundation's list), read once at the instance's first request |
/// | `Debug-Mode` | `true` or `false`, the `debugMode` passed to `configure` |
///
/// `Device-Brand` (Android only) is not sent.
///
/// Thread safety: every method may be called from any thread. The identity is read, changed and
/// written while the instance's lock and a lock on the storage folder are held, so that changes
/// are stored in call order and one after the other across instances and processes sharing the
/// folder; no callback runs while they are held.
public final class JoeInstance: Sendable {
    private struct State {
        var context: RequestContext?
        var identity: IdentityFile?
        /// The external ID `configure` signs in once the stored identity can be read.
        var pendingSignIn: String?
        /// The anonymous identity of a `Joe.logout()` made before `configure` that could not be
        /// stored: `configure` starts from it, in memory, rather than from the stored identity
        /// the app was told is signed out.
        var pendingSignOut: IdentityFile?
        /// Reads the stored identity once the data-protection gate opens, when `configure`
        /// could not.
        var readAfterUnlock: Task<Void, Never>?
        /// The identity file as this instance last read or wrote it, to notice another
        /// process's write.
        var storedStamp: IdentityStore.FileStamp?
        /// Whether the current change holds the storage folder's lock (see
        /// `changingStoredIdentity(_:)`).
        var holdsFolderLock = false
    }

    /// The options the instance was made with.
    public let options: JoeOptions
    private let store: IdentityStore
    private let transport: any Transport
    private let languages: LanguagesOnce
    private let sender = SerialWork()
    private let state = Mutex(State())

    /// An instance that is not configured yet; it reads and writes nothing until called.
    public init(options: JoeOptions = JoeOptions()) {
        self.options = options
        store = IdentityStore(directory: options.storageDirectory, gate: options.dataProtection)
        transport =
            options.transport
            ?? URLSessionTransport(
                timeout: MobileJoeConstants.requestTimeout, clock: options.clock, responseCache: Self.responseCache)
        languages = LanguagesOnce(read: options.preferredLanguages ?? PreferredLanguages.system)
    }

    /// Whether `configure` has succeeded.
    public var isConfigured: Bool {
        state.withLock { $0.context != nil }
    }

    /// The identity in use, as stored; `nil` before configuration and while the stored identity
    /// cannot be read for now.
    public var identity: IdentityFile? {
        state.withLock { $0.identity }
    }

    /// Where the identity is stored: ``/MobileJoeAPI/MobileJoeConstants/identityFileName`` in `storageDirectory`.
    public var identityFileURL: URL {
        store.fileURL
    }

    /// Configures the instance: loads the stored identity (creating one on first use, or when
    /// the stored file is damaged: it is moved aside and reported), signs in `appUserID` when
    /// given, and sends an identify request in the background.
    ///
    /// An identity file that exists but cannot be read for now (protected data before the
    /// device's first unlock) is kept as it is, never moved aside or replaced by new IDs: the
    /// instance is configured, reports `.identityNotReadableForNow`, and reads the file (then
    /// signs in `appUserID` and sends the app-start identify request) when the data-protection
    /// gate opens or at the next call that needs the identity.
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
        try changingStoredIdentity { (state) throws(MobileJoeError) in
            guard state.context == nil else {
                diagnostics.append(.configureIgnored)
                return
            }
            state.context = context
            state.pendingSignIn = externalId
            let adoption = adoptStoredIdentity(&state, context: context, diagnostics: &diagnostics)
            if case .notReadableForNow(let reason) = adoption {
                diagnostics.append(.identityNotReadableForNow(reason: reason))
                let gate = options.dataProtection
                let clock = options.clock
                // The gate opens at an unlock; before the first unlock no notification comes, so
                // a file that still cannot be read behind an open gate is tried again later.
                state.readAfterUnlock = Task { [weak self] in
                    while true {
                        await gate.waitUntilAvailable()
                        guard let read = self?.retryStoredIdentity(), !read else { return }
                        try? await clock.sleep(for: DataProtectionGate.unreadableRetryInterval)
                        if Task.isCancelled { return }
                    }
                }
            }
        }
    }

    /// Signs in the account `appUserID`: stores its external ID and sends an identify request.
    ///
    /// The first identification keeps the anonymous ID; the same account again changes nothing;
    /// a different account logs out first (new anonymous and device IDs, then the external ID).
    ///
    /// - Throws: `.invalidAppUserID` for a blank ID, `.notConfigured` before `configure`,
    ///   `.identityNotReadableForNow` while the stored identity cannot be read yet,
    ///   `.storageFailed` when the identity cannot be stored. Nothing changes then.
    public func identify(appUserID: String) throws(MobileJoeError) {
        let externalId = try Self.externalId(for: appUserID)
        var diagnostics: [JoeDiagnostic] = []
        defer { diagnostics.forEach(options.onDiagnostic) }
        try changingStoredIdentity { (state) throws(MobileJoeError) in
            guard let context = state.context else { throw .notConfigured }
            let current = try currentIdentity(&state, context: context, diagnostics: &diagnostics)
            guard let next = current.identified(as: externalId) else { return }
            try store.save(next)
            state.identity = next
            state.storedStamp = store.stamp(ifHolding: next)
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
        try changingStoredIdentity { (state) throws(MobileJoeError) in
            let next = IdentityFile.makeAnonymous()
            try store.save(next)
            guard let context = state.context else { return }
            state.identity = next
            state.storedStamp = store.stamp(ifHolding: next)
            state.pendingSignIn = nil
            scheduleIdentify(next, context: context)
        }
    }

    /// A `Joe.logout()` made before `configure`, which the first `configure` applies when its
    /// folder is not the one that logout stored a new identity in: stores a new anonymous
    /// identity, as `logout()` does. When it cannot be stored the sign-out still holds for this
    /// launch, since the app asked to sign out: `configure` starts from that identity, in memory,
    /// and never sends the signed-out account's IDs.
    ///
    /// - Throws: `.storageFailed` when the identity cannot be stored (for the diagnostic).
    func logoutBeforeConfigure() throws(MobileJoeError) {
        try changingStoredIdentity { (state) throws(MobileJoeError) in
            let next = IdentityFile.makeAnonymous()
            do throws(MobileJoeError) {
                try store.save(next)
            } catch {
                state.pendingSignOut = next
                throw error
            }
        }
    }

    /// Returns when every identify request scheduled before the call (and while it waits) has
    /// been answered or has failed (for tests and for apps that want to know the server has the
    /// identity).
    public func pendingIdentify() async {
        await sender.idle()
    }

    /// Runs `body` holding the instance's lock, then the storage folder's
    /// (`PrivateFiles.withFolderLock(_:_:)`): the stored identity is read, changed and written
    /// by one instance of one process at a time, and each builds on what the last one stored.
    private func changingStoredIdentity<T: Sendable, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
        try state.withLock { (state) throws(E) in
            try PrivateFiles.withFolderLock(store.directory) { (locked) throws(E) in
                state.holdsFolderLock = locked
                defer { state.holdsFolderLock = false }
                return try body(&state)
            }
        }
    }

    /// The context and identity of a configured instance; `.notConfigured` before `configure`,
    /// `.identityNotReadableForNow` while the stored identity cannot be read yet.
    func requestState() throws(MobileJoeError) -> (RequestContext, IdentityFile) {
        var diagnostics: [JoeDiagnostic] = []
        defer { diagnostics.forEach(options.onDiagnostic) }
        var answer: (RequestContext, IdentityFile)?
        try changingStoredIdentity { (state) throws(MobileJoeError) in
            guard let context = state.context else { throw .notConfigured }
            answer = (context, try currentIdentity(&state, context: context, diagnostics: &diagnostics))
        }
        guard let answer else { throw .notConfigured }
        return answer
    }

    /// The identity in use, reading the stored one first when it could not be read at
    /// `configure`; `.identityNotReadableForNow` while it still cannot.
    private func currentIdentity(
        _ state: inout State, context: RequestContext, diagnostics: inout [JoeDiagnostic]
    ) throws(MobileJoeError) -> IdentityFile {
        if let identity = state.identity { return identityStoredElsewhere(&state) ?? identity }
        let adoption = adoptStoredIdentity(&state, context: context, diagnostics: &diagnostics)
        guard case .adopted(let identity) = adoption else {
            throw .identityNotReadableForNow
        }
        return identity
    }

    /// The identity another process (an app extension on the same folder) stored since this
    /// instance last read or wrote the file, which becomes the one in use; `nil` when the file
    /// is as this instance left it, or holds no identity that can be used now (this instance
    /// then keeps its own, and the file is left as it is). That process sent its own identify
    /// request; this one sends none.
    private func identityStoredElsewhere(_ state: inout State) -> IdentityFile? {
        let stamp = store.stamp()
        guard stamp != state.storedStamp else { return nil }
        let loaded = store.load()
        if case .notReadableForNow = loaded { return nil }
        state.storedStamp = stamp
        guard case .found(let stored) = loaded, stored != state.identity else { return nil }
        state.identity = stored
        return stored
    }

    /// Returns once the read `configure` scheduled for the gate's opening has run (for tests).
    func readAfterUnlock() async {
        await state.withLock { $0.readAfterUnlock }?.value
    }

    /// Reads the stored identity if `configure` could not (the gate opened, or the retry interval
    /// passed).
    ///
    /// - Returns: whether nothing is left to read (the identity is in use); `false` while the
    ///   file still cannot be read.
    private func retryStoredIdentity() -> Bool {
        var diagnostics: [JoeDiagnostic] = []
        defer { diagnostics.forEach(options.onDiagnostic) }
        return changingStoredIdentity { state in
            guard let context = state.context, state.identity == nil else { return true }
            if case .notReadableForNow = adoptStoredIdentity(&state, context: context, diagnostics: &diagnostics) {
                return false
            }
            return true
        }
    }

    /// What `adoptStoredIdentity` did.
    private enum Adoption {
        case adopted(IdentityFile)
        case notReadableForNow(reason: String)
    }

    /// Makes the stored identity (or a new one, see `loadOrCreate`) the one in use for the
    /// configured launch: signs in the pending external ID, stores what changed (reported when
    /// it cannot be) and schedules the app-start identify request. Changes nothing while the
    /// file cannot be read for now.
    private func adoptStoredIdentity(
        _ state: inout State, context: RequestContext, diagnostics: inout [JoeDiagnostic]
    ) -> Adoption {
        var (identity, changed, replacing): (IdentityFile, Bool, IdentityFileProblem?)
        var droppedExternalId = false
        switch loadOrCreate(holdingFolderLock: state.holdsFolderLock, diagnostics: &diagnostics) {
        case .notReadableForNow(let reason): return .notReadableForNow(reason: reason)
        case .loaded(let stored, let mustStore, let problem):
            (identity, changed, replacing) = (stored, mustStore, problem)
        case .withoutExternalId(let stored):
            (identity, changed, replacing) = (stored, true, .invalidIdentifiers)
            droppedExternalId = true
        }
        if let signedOut = state.pendingSignOut {
            (identity, changed) = (signedOut, true)
            state.pendingSignOut = nil
        }
        if let externalId = state.pendingSignIn, let next = identity.identified(as: externalId) {
            identity = next
            changed = true
        }
        var isStored = true
        if changed {
            do throws(MobileJoeError) {
                try store.save(identity)
                if droppedExternalId {
                    diagnostics.append(.identityFileExternalIdDropped)
                } else if let replacing {
                    diagnostics.append(.identityFileReplaced(problem: replacing))
                }
            } catch {
                let reason = (replacing.map { "\($0); " } ?? "") + error.storageReason
                diagnostics.append(.identityNotStored(reason: reason))
                isStored = false
            }
        }
        state.identity = identity
        // The file in place is followed from here: the one just read or written, unless another
        // process replaced it meanwhile (then read again first); an identity that could not be
        // stored stays in use until the file changes.
        state.storedStamp = isStored ? store.stamp(ifHolding: identity) : store.stamp()
        state.pendingSignIn = nil
        scheduleIdentify(identity, context: context)
        return .adopted(identity)
    }

    /// What `loadOrCreate` found.
    private enum Loading {
        /// The identity to use; `mustStore` says whether it must be written, `replacing` why the
        /// damaged file it is written over could not be used.
        case loaded(IdentityFile, mustStore: Bool, replacing: IdentityFileProblem? = nil)
        /// The stored identity with its invalid external ID dropped, to be written over the file.
        case withoutExternalId(IdentityFile)
        /// The file exists but cannot be read for now: it is left alone.
        case notReadableForNow(reason: String)
    }

    /// The stored identity, or a new one when there is none or it cannot be used. A new one for
    /// a missing file is stored here unless another process stored one first, which is used
    /// then. A damaged regular file is written over (it may hold earlier IDs: nothing of it is
    /// kept, unless only its external ID is damaged, when the rest is kept without it);
    /// anything else in its place (a folder, a link) is moved aside first, and when it cannot
    /// be, the new identity lives in memory only. A file that cannot be read for now is
    /// left alone. Copies of damaged files that earlier versions moved aside are deleted, and so are
    /// the temporary files of writes that were killed
    /// (`IdentityStore.removeAbandonedWrites(holdingFolderLock:)`).
    private func loadOrCreate(holdingFolderLock: Bool, diagnostics: inout [JoeDiagnostic]) -> Loading {
        let loaded = store.load()
        if case .notReadableForNow = loaded {
            // Left as it is, and so is the folder, until the file can be read.
        } else {
            store.removeEarlierDamagedCopies()
            store.removeAbandonedWrites(holdingFolderLock: holdingFolderLock)
        }
        switch loaded {
        case .found(let identity):
            return .loaded(identity, mustStore: false)
        case .missing:
            // Created only if still missing, so that launches at once store one identity.
            let identity = IdentityFile.makeAnonymous()
            do throws(MobileJoeError) {
                if try store.create(identity) { return .loaded(identity, mustStore: false) }
            } catch {
                return .loaded(identity, mustStore: true)
            }
            // Another process stored one first, and that one is used; a link to nothing there
            // is moved aside as it is, like a link to something.
            switch store.load() {
            case .found(let stored): return .loaded(stored, mustStore: false)
            case .missing where store.holdsLinkToNothing:
                return movingAside(.unreadable(reason: "a link to nothing"), diagnostics: &diagnostics)
            default: return .loaded(identity, mustStore: true)
            }
        case .notReadableForNow(let reason):
            return .notReadableForNow(reason: reason)
        case .repairable(let identity):
            // Only the external ID is damaged: the anonymous identity, which the votes belong to,
            // is kept; the next identify signs the user in again.
            return .withoutExternalId(identity)
        case .unusable(let problem) where store.holdsRegularFile:
            return .loaded(.makeAnonymous(), mustStore: true, replacing: problem)
        case .unusable(let problem):
            return movingAside(problem, diagnostics: &diagnostics)
        }
    }

    /// A new identity, after moving aside what is in the identity file's place (not a file the
    /// SDK wrote: a folder, a link) because of `problem`; kept in memory only when that fails.
    private func movingAside(_ problem: IdentityFileProblem, diagnostics: inout [JoeDiagnostic]) -> Loading {
        do throws(MobileJoeError) {
            let movedTo = try store.moveAside(now: options.clock.now())
            diagnostics.append(.identityFileMovedAside(problem: problem, movedTo: movedTo))
            return .loaded(.makeAnonymous(), mustStore: true)
        } catch {
            diagnostics.append(.identityNotStored(reason: "\(problem); \(error.storageReason)"))
            return .loaded(.makeAnonymous(), mustStore: false)
        }
    }

    /// Sends the identify request for `identity` after those scheduled before it.
    private func scheduleIdentify(_ identity: IdentityFile, context: RequestContext) {
        let onDiagnostic = options.onDiagnostic
        sender.add {
            do throws(APIError) {
                _ = try await context.client(for: identity).identify(idempotencyKey: UUID().lowercasedText)
            } catch {
                onDiagnostic(.identifyRequestFailed(error))
            }
        }
    }

    /// Where the default transport caches responses: on Apple platforms `URLCache.shared`, in
    /// the app's Caches folder (the system may clear it; it is not backed up), as the page says
    /// the iOS SDK does; elsewhere nothing is cached, as on Android.
    private static var responseCache: URLCache? {
        #if canImport(Darwin)
            URLCache.shared
        #else
            nil
        #endif
    }

    /// The external ID of `appUserID`, checked by the generated ``/MobileJoeAPI/AppUserIdRule``.
    static func externalId(for appUserID: String) throws(MobileJoeError) -> String {
        guard AppUserIdRule.validate(appUserID) == nil else { throw .invalidAppUserID }
        return ExternalId.make(from: appUserID)
    }
}
