import Foundation
import PackageRelease
import SDKPersistence
import SDKRuntime
import Synchronization
import VoidhashAPI

/// The Voidhash SDK: identity, person attributes, purchases, access checks, groups and
/// analytics events.
///
/// ```swift
/// let voidhash = try Voidhash.configure(publishableKey: "vh_pk_test_...")
/// try await voidhash.identify(externalUserId: "user_123", email: "ada@example.com", name: "Ada")
/// let person = try await voidhash.getCurrentPerson()
/// person?.hasActivePerk("premium")
/// ```
///
/// Every method may be called from any task at any time. Calls that change the identity take
/// effect in the order they reach the instance; writes are stored on the device before they
/// are sent, and sent in order (identity links, then purchases, then attributes, then events)
/// until Voidhash applies them, across outages and launches. Calls that read or change the
/// identity, groups, consent, attributes, events or the person take effect in the order they
/// were made, also while storage waits for the device's first unlock: `group(type:key:)` then
/// `signOut()` leaves the new anonymous user outside the group, `signOut()` then `group` puts
/// the new anonymous user in it. A call that waits for Voidhash (`identify`, attributes, a
/// person read) does not hold up the calls made after it.
public final class Voidhash: Sendable {
    /// This SDK's version, sent with every request: the package's release (the latest entry of
    /// its CHANGELOG).
    public static let sdkVersion = Release.version

    private static let configured = Mutex<Voidhash?>(nil)

    /// The instance `configure(publishableKey:options:)` made last, or `nil` before that.
    public static var shared: Voidhash? {
        configured.withLock { $0 }
    }

    /// Makes the shared instance (replacing and shutting down an earlier one) and returns it.
    ///
    /// - Throws: `INVALID_ARGUMENT` for a key that is not a Voidhash publishable key
    ///   (`vh_pk_test_...` selects the test environment, `vh_pk_...` production).
    @discardableResult
    public static func configure(
        publishableKey: String, options: VoidhashOptions = VoidhashOptions()
    ) throws(VoidhashError) -> Voidhash {
        let key = try PublishableKey(publishableKey)
        return configured.withLock { current in
            let instance = Voidhash(key: key, options: options, after: current)
            current = instance
            return instance
        }
    }

    /// Whether `distinctId` is an anonymous ID (`vh_anon_...`); use it instead of checking a
    /// prefix yourself.
    public static func isAnonymousDistinctId(_ distinctId: String) -> Bool {
        AnonymousDistinctId.hasRecognizedPrefix(distinctId)
    }

    /// The environment the publishable key selects.
    public let environment: VoidhashEnvironment
    /// Opens storage and makes the core.
    let loading: Task<VoidhashCore, Never>
    /// How far `loading` got (for reads that must not wait for storage).
    let progress = LoadProgress()
    /// Whether protected data can be read now.
    let dataProtection: DataProtectionGate
    /// Where calls wait for their turn (see `inCallOrder(writing:_:)`).
    let callOrder = SerialWork()

    /// An instance of its own, not the shared one (for tests, or apps with several projects).
    /// Storage is opened in the background; calls wait for it.
    ///
    /// - Throws: `INVALID_ARGUMENT` for a key that is not a Voidhash publishable key.
    public convenience init(
        publishableKey: String, options: VoidhashOptions = VoidhashOptions()
    ) throws(VoidhashError) {
        self.init(key: try PublishableKey(publishableKey), options: options, after: nil)
    }

    /// An instance that opens storage once `previous` (the shared instance it replaces) has
    /// shut down, so the two never load the same stored state at once.
    private init(key: PublishableKey, options: VoidhashOptions, after previous: Voidhash?) {
        environment = key.environment
        dataProtection = options.dataProtection
        let configuration = CoreConfiguration(key: key, options: options, sdkVersion: Self.sdkVersion)
        let progress = progress
        loading = Task {
            if let previous {
                // The instance this one replaces waits for the same storage: so does this one.
                if case .waitingForProtectedData = await previous.progress.settled() {
                    progress.move(to: .waitingForProtectedData)
                }
                await previous.shutdown()
            }
            let core = await VoidhashCore.load(configuration, progress: progress)
            progress.move(to: .loaded(core))
            return core
        }
    }

    /// The core, once storage is open.
    var core: VoidhashCore {
        get async { await loading.value }
    }

    /// `loading`'s core once `gate` is open: a change made while the device is locked waits for
    /// the unlock rather than fail to be stored.
    static func writable(_ loading: Task<VoidhashCore, Never>, _ gate: DataProtectionGate) async -> VoidhashCore {
        let core = await loading.value
        await gate.waitUntilAvailable()
        return core
    }

    // MARK: Identity

    /// Signs the device in as `externalUserId` and links the anonymous history to it.
    ///
    /// See `identifyState(externalUserId:email:name:)`, which also says whether Voidhash
    /// confirmed the link.
    public func identify(
        externalUserId: String, email: String? = nil, name: String? = nil
    ) async throws(VoidhashError) {
        _ = try await identifyState(externalUserId: externalUserId, email: email, name: name)
    }

    /// Signs the device in as `externalUserId` and says whether Voidhash confirmed it.
    ///
    /// The identity switches on the device at once. The link from the anonymous ID is stored,
    /// then sent until Voidhash applies it; the call waits at most the identify wait
    /// (``/VoidhashAPI/VoidhashConstants/identifyWait``) for that and returns `.deferred` when it did not come.
    /// Until then the person keeps the anonymous person's snapshot, marked stale. The same ID
    /// again with no profile change does nothing; switching from one user ID to another merges
    /// nothing.
    ///
    /// - Throws: `INVALID_ARGUMENT` for an ID that breaks the rules of ``/VoidhashAPI/ExternalUserIdRule``
    ///   (blank, too long, a NUL, or an anonymous prefix), identity unchanged; the refusal code
    ///   (such as `PERSON_WRITE_REJECTED`) when Voidhash refused the link for good within the
    ///   identify wait, after restoring the previous identity. Never for network failures or a
    ///   refused key.
    public func identifyState(
        externalUserId: String, email: String? = nil, name: String? = nil
    ) async throws(VoidhashError) -> VoidhashIdentifyResult {
        try await inCallOrder { core in
            await core.identify(externalUserId: externalUserId, email: email, name: name)
        }.answer()
    }

    /// The distinct ID in use: `vh_anon_<uuid>` or the external user ID.
    public func getDistinctId() async -> String {
        await readInCallOrder { core, asked in await core.distinctId(askedAt: asked) }
    }

    /// Records `$sign_out` (with lifecycle events and consent on), then starts a new anonymous
    /// identity and analytics session. Queued deliveries, consent and the install record stay.
    public func signOut() async {
        await inCallOrder { core in await core.signOut() }
    }

    /// Does what `signOut()` does.
    public func reset() async {
        await signOut()
    }

    // MARK: Consent

    /// Sets (and stores) the user's analytics consent; attributes and events need `.granted`.
    public func setAnalyticsConsent(_ consent: VoidhashAnalyticsConsent) async {
        await inCallOrder { core in await core.setConsent(consent) }
    }

    /// The user's analytics consent.
    public func analyticsConsent() async -> VoidhashAnalyticsConsent {
        await readInCallOrder { core, asked in await core.analyticsConsent(askedAt: asked) }
    }

    // MARK: Attributes

    /// Sets person attributes and returns the person afterwards (see
    /// `setPersonAttributesState(_:)`).
    @discardableResult
    public func setPersonAttributes(
        _ attributes: [String: JSONValue]
    ) async throws(VoidhashError) -> VoidhashPerson? {
        try await setPersonAttributesState(attributes).person
    }

    /// Sets person attributes: strings, numbers, booleans or `nil` (`.null`) to remove one;
    /// `email` and `name` set the built-in fields; a number that is not finite is written as
    /// `nil`. Waits at most ``/VoidhashAPI/VoidhashConstants/attributesWait``; when Voidhash cannot confirm in
    /// time the attributes are saved on the device and sent later (`.deferred`). `.skipped`
    /// without analytics consent.
    ///
    /// - Throws: `INVALID_ARGUMENT` for an object or array value or an invalid key (nothing is
    ///   saved); the refusal code when Voidhash refused the attributes within that wait.
    ///   A refusal that comes later is reported as the `PERSON_WRITE_REJECTED` diagnostic.
    public func setPersonAttributesState(
        _ attributes: [String: JSONValue]
    ) async throws(VoidhashError) -> VoidhashAttributesResult {
        try await inCallOrder { core in await core.setAttributes(attributes) }.answer()
    }

    // MARK: Purchases

    /// Records the store's purchases not recorded yet (behind any queued identity link) and
    /// waits, at most the request timeout (``/VoidhashAPI/VoidhashConstants/requestTimeout``), for them and
    /// the person refresh. A transaction Voidhash holds for another person stays with them.
    ///
    /// - Throws: `PURCHASE_SOURCE_FAILED` when the store failed.
    @discardableResult
    public func syncPurchases() async throws(VoidhashError) -> VoidhashPerson? {
        try await inCallOrder { core in await core.syncPurchases() }.answer()
    }

    /// Brings the store up to date, records every purchase as restored for the current person,
    /// and waits, at most the request timeout (``/VoidhashAPI/VoidhashConstants/requestTimeout``), for them
    /// and the person refresh. A transaction Voidhash holds for another person (the anonymous
    /// buyer of an earlier install) moves to the current person with its access.
    ///
    /// - Throws: `PURCHASE_SOURCE_FAILED` when the store failed.
    @discardableResult
    public func restorePurchases() async throws(VoidhashError) -> VoidhashPerson? {
        try await inCallOrder { core in await core.restorePurchases() }.answer()
    }

    // MARK: Access

    /// The current person: the cached snapshot at once while it is fresh (younger than
    /// ``/VoidhashAPI/VoidhashConstants/personStaleAfter``); after a refresh of at most
    /// ``/VoidhashAPI/VoidhashConstants/staleReadWait`` when it is older; with `forceFetch`, Voidhash's answer
    /// (waiting up to the request timeout, ``/VoidhashAPI/VoidhashConstants/requestTimeout``, else the cached
    /// snapshot).
    ///
    /// `nil` means Voidhash has no person yet (no access), or, when the state is stale, that it
    /// is unknown: use `getCurrentPersonState()` to tell them apart.
    ///
    /// "Cached" means answered by Voidhash. A new anonymous identity (a fresh install, a
    /// sign-out) has no person yet, and the SDK knows it without asking, but that is not an
    /// answer: the first read asks Voidhash and waits at most ``/VoidhashAPI/VoidhashConstants/staleReadWait``,
    /// then answers `nil`, stale.
    ///
    /// - Throws: `AUTHENTICATION_FAILED`, once, when Voidhash refuses the key and nothing is
    ///   cached (a fresh install included).
    public func getCurrentPerson(forceFetch: Bool = false) async throws(VoidhashError) -> VoidhashPerson? {
        try await getCurrentPersonState(forceFetch: forceFetch).value
    }

    /// The current person with how far to trust the snapshot (see `getCurrentPerson`).
    public func getCurrentPersonState(
        forceFetch: Bool = false
    ) async throws(VoidhashError) -> VoidhashPersonState {
        try await readInCallOrder { core, asked in await core.personState(forceFetch: forceFetch, askedAt: asked) }
            .answer()
    }

    /// Drops the cached snapshot, so the next read asks Voidhash. Takes effect in call order, as
    /// changes do (on a locked device, at the unlock).
    public func resetPersonCache() async {
        await inCallOrder { core in await core.resetPersonCache() }
    }

    /// The person now and after every change (a new identity, a refresh, a purchase), until the
    /// stream is dropped.
    public func personUpdates() -> AsyncStream<VoidhashPerson?> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: VoidhashPerson?.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        let loading = loading
        Task { await loading.value.addObserver(id, continuation) }
        continuation.onTermination = { _ in
            Task { await loading.value.removeObserver(id) }
        }
        return stream
    }

    // MARK: Delivery

    /// Sends what is queued now and returns when the queue is empty or delivery must wait
    /// (no connection, a back-off, a rate limit), or at once while another instance or process
    /// on the same storage is delivering: that one sends the queue, this one's writes included
    /// (`pendingDeliveryCount()` says how many are still waiting).
    public func flush() async {
        await core.flush()
    }

    /// How many writes wait on the device to be sent (`nil` when storage cannot say).
    public func pendingDeliveryCount() async -> Int? {
        await core.pendingDeliveryCount()
    }

    /// Stops delivery and closes storage. Later calls do nothing useful; queued writes stay
    /// stored for the next instance.
    public func shutdown() async {
        await core.shutdown()
    }
}
