import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

/// The one owner of an instance's identity, person cache and delivery: every public call of
/// `Voidhash` runs here, one at a time between suspension points.
///
/// Identity changes happen without suspending, so a call sees either the identity before or
/// after another call's change, never half of it. Every request carries the identity epoch that
/// started it (see `IdentityRecord.epoch`); an answer for an older epoch is never applied.
actor VoidhashCore {
    /// The generated client.
    let client: VoidhashClient
    /// The clock of every time limit and timestamp.
    let clock: any SDKClock
    /// Key-value entries and the delivery queue.
    let storage: SDKStorage
    /// The app's callbacks.
    let reporter: Reporter
    /// Where purchases come from.
    let purchaseSource: any PurchaseSource
    /// Whether lifecycle events such as `$sign_out` are recorded.
    let lifecycleEvents: Bool
    /// Numbers requests in start order.
    let sequencer: RequestSequencer
    /// Sends what the queue holds.
    let outbox: Outbox
    /// Sends `$groupidentify` events made without consent, one at a time, outside the queue.
    let directEvents = SerialWork()

    /// Who the device is now.
    var identity: IdentityRecord
    /// The identity storage held when this instance last read or wrote it: an identity write
    /// goes through only while storage still holds it (see `holdsIdentityLastSeen(_:)`); `nil`
    /// lets the next one through whatever is stored.
    var storedIdentity: IdentityRecord?
    /// The cached person of the current identity.
    var cache: PersonCacheRecord
    /// `cache`'s person, wrapped (its perks precomputed).
    var person: VoidhashPerson?
    /// The analytics consent.
    var consent: VoidhashAnalyticsConsent
    /// Every group type the project used on this install (at most
    /// `VoidhashConstants.maxGroupTypes`), in the order first used.
    var groupTypes: [String]
    /// The `$groupidentify` events sent without consent whose answer has not come, by event ID,
    /// in send order: `setGroups` counts them as sent until they fail.
    var groupIdentifiesInFlight: [(id: String, identify: GroupIdentifyProperties)] = []
    /// The number of the request whose answer the cache holds.
    var lastAppliedSequence: UInt64 = 0
    /// The person refresh under way, if any.
    var refreshInFlight: (epoch: String, sequence: UInt64)?
    /// Whether the last refresh (or link attempt) failed.
    var lastRefreshFailed = false
    /// Why the last delivery attempt of the awaited identity link failed.
    var lastLinkFailure: APIError?
    /// What was said about a refused publishable key.
    var authentication = AuthenticationLatch()
    /// Calls waiting for a queued write's outcome.
    var itemWaits: [QueueItemID: ItemWaiter] = [:]
    /// The number of the last drain that ended with delivery stalled.
    var lastStalledDrain: UInt64 = 0
    /// Reads waiting for the next refresh outcome.
    var refreshWaits: [OutcomeWait<RefreshOutcome>] = []
    /// The drain a forced read asked to try the awaited identity link (`UInt64.max` until the
    /// outbox has said which), while reads wait: a drain before it that stalls did not try the
    /// link for them, so it does not fail their wait.
    var linkAttemptDrain: UInt64?
    /// How many times a forced read asked for a link attempt: only the latest request's answer
    /// from the outbox sets `linkAttemptDrain` (an earlier one may arrive after it).
    var linkAttemptRequests: UInt64 = 0
    /// Subscribers to person snapshots.
    var observers: [UUID: AsyncStream<VoidhashPerson?>.Continuation] = [:]
    /// Whether `shutdown()` began: answers arriving later are not applied (storage is closed).
    var isShutDown = false
    /// The database's `otherWritersVersion()` when `followSharedStorage()` last read it.
    var seenOtherWritersVersion: Int64?
    /// Numbers the checks `followSharedStorage()` makes; reads take their ticket from it.
    nonisolated let sharedStorageChecks = SharedStorageChecks()
    /// The number of the last check of the shared storage that was followed.
    var followedCheck: UInt64 = 0

    private init(
        configuration: CoreConfiguration, storage: SDKStorage, launch: LaunchState,
        reference: CoreReference, reporter: Reporter
    ) {
        let options = configuration.options
        clock = options.clock
        self.storage = storage
        self.reporter = reporter
        lifecycleEvents = options.lifecycleEvents
        purchaseSource = options.purchaseSource ?? Self.defaultPurchaseSource()
        let transport =
            options.transport
            ?? URLSessionTransport(timeout: VoidhashConstants.requestTimeout, clock: options.clock)
        let headers = VoidhashRequestHeaders(
            publishableKey: configuration.key.value, sdkVersion: configuration.sdkVersion
        ).fields
        client = VoidhashClient(
            core: APIClient(
                baseURL: options.baseURL, transport: transport, clock: options.clock,
                headers: { headers }))
        let sequencer = RequestSequencer()
        self.sequencer = sequencer
        let handler = DeliveryHandler(
            client: client, sequencer: sequencer, report: { report in await reference.core?.settle(report) })
        outbox = Outbox(
            queue: storage.queue, clock: options.clock, batchLimit: VoidhashConstants.maxEventsPerRequest,
            batching: Outbox.Batching(
                count: VoidhashConstants.eventBatchSize, within: VoidhashConstants.eventDeliveryDelay),
            observers: Outbox.Observers(
                storageFailed: { error in
                    // A locked device is not a failure: delivery tries again once it is unlocked.
                    guard error != .temporarilyUnavailable else { return }
                    reporter.diagnose(.storageWriteFailed, "Delivery could not read its queue (\(error)).")
                },
                stalled: { drain in await reference.core?.deliveryStalled(drain: drain) },
                emptied: { await reference.core?.settleDeliveredElsewhere() },
                claimedElsewhere: { await reference.core?.settleDeliveredElsewhere() },
                quarantined: { _ in
                    reporter.diagnose(
                        .deliveryQuarantined, "A queued item could not be sent and was set aside.")
                }),
            send: { batch, settle in await handler.send(batch, settle: settle) })
        identity = launch.identity
        storedIdentity = launch.identity
        cache = launch.cache
        person = launch.cache.snapshot?.person.map(VoidhashPerson.init)
        consent = launch.consent
        groupTypes = launch.groupTypes
    }

    /// Opens storage (waiting for protected data, as `progress` tells), restores the stored
    /// state, applies the options, and starts delivering what is queued.
    static func load(_ configuration: CoreConfiguration, progress: LoadProgress) async -> VoidhashCore {
        let options = configuration.options
        let reporter = Reporter(onWarning: options.onWarning, onDiagnostic: options.onDiagnostic)
        if options.purchaseSource is SimulatedPurchaseSource, configuration.key.environment == .production {
            reporter.warn(
                .simulatedPurchasesInProduction,
                "Simulated purchases unlock perks only with a test key (vh_pk_test_...).")
        }
        let storage = await StorageOpener.open(
            directory: options.storageDirectory ?? StorageLocation.defaultDirectory(sdk: "Voidhash"),
            name: "voidhash-" + configuration.key.environment.rawValue, gate: options.dataProtection,
            clock: options.clock, reporter: reporter, progress: progress)
        let launch = LaunchState.read(
            from: storage, consent: options.analyticsConsent, clock: options.clock, reporter: reporter)
        let reference = CoreReference()
        let core = VoidhashCore(
            configuration: configuration, storage: storage, launch: launch, reference: reference,
            reporter: reporter)
        reference.core = core
        await core.start(distinctId: options.distinctId, identityWasStored: launch.identityWasStored)
        return core
    }

    private func start(distinctId: String?, identityWasStored: Bool) async {
        if let distinctId { adopt(distinctId, identityWasStored: identityWasStored) }
        await outbox.kick()
    }

    /// Stops delivery and closes storage; the instance does nothing useful afterwards.
    func shutdown() async {
        isShutDown = true
        await directEvents.idle()
        await outbox.stop()
        // No drain comes any more: calls waiting for a queued write learn it now.
        for waiter in itemWaits.values { waiter.wait.deliver(.failedForNow) }
        for observer in observers.values { observer.finish() }
        observers.removeAll()
        storage.close()
    }

    /// Sends what is queued now (after any `$groupidentify` sent outside the queue); returns
    /// when the queue is empty or delivery must wait.
    func flush() async {
        await directEvents.idle()
        await outbox.flush()
    }

    /// How many writes wait in the delivery queue (`nil` when storage cannot say).
    func pendingDeliveryCount() -> Int? {
        try? storage.queue.count()
    }

    // MARK: Shared helpers

    /// Asks the outbox for a drain, without waiting.
    func kickDelivery() {
        let outbox = outbox
        Task { await outbox.kick() }
    }

    /// Stores `write` in the delivery queue; `nil` (reported) when storage failed.
    ///
    /// With `onceKey`, the key is recorded with the item in the same transaction, and nothing is
    /// stored (`nil`, not reported) when the key was recorded before, unless `evenIfRecorded`.
    @discardableResult
    func enqueue(_ write: QueuedWrite, onceKey: String? = nil, evenIfRecorded: Bool = false) -> QueueItemID? {
        do {
            let item = try write.queueItem()
            guard let onceKey else {
                return try storage.queue.enqueue(
                    lane: item.lane, kind: item.kind, payload: item.payload, now: clock.now())
            }
            return try storage.queue.enqueue(
                lane: item.lane, kind: item.kind, payload: item.payload, now: clock.now(), onceKey: onceKey,
                evenIfRecorded: evenIfRecorded)
        } catch {
            reportQueueFailure(of: write, error)
            return nil
        }
    }

    /// Stores `write` as `enqueue(_:)` does, unless another process sharing the storage has
    /// committed since this instance read `version` (see `followSharedStorage()`): `nil` then,
    /// with nothing stored. `.some(nil)` (reported) when storage failed.
    func enqueue(_ write: QueuedWrite, ifNoOtherWritersSince version: Int64) -> QueueItemID?? {
        do {
            let item = try write.queueItem()
            guard
                let id = try storage.queue.enqueue(
                    lane: item.lane, kind: item.kind, payload: item.payload, now: clock.now(),
                    ifNoOtherWritersSince: version)
            else { return nil }
            return .some(id)
        } catch {
            reportQueueFailure(of: write, error)
            return .some(nil)
        }
    }

    private func reportQueueFailure(of write: QueuedWrite, _ error: any Error) {
        reporter.diagnose(.storageWriteFailed, "Could not queue \(write.summary) (\(error)); it will not be sent.")
    }

    /// Queues `writes` and makes `next` the identity, with the person cache `makeCache` builds
    /// from the queued items' IDs, storing them all in one transaction: a kill cannot leave the
    /// writes queued for an identity that was never stored (whose relaunch would queue them
    /// again under new keys), nor the identity stored without them. `nil` (reported) when
    /// storage failed; then nothing changed. Throws, changing nothing, when another process
    /// changed the stored identity since this instance last read it.
    func enqueue(
        _ writes: [QueuedWrite], switchingTo next: IdentityRecord,
        cache makeCache: ([QueueItemID]) -> PersonCacheRecord
    ) throws(IdentityChangedElsewhere) -> [QueueItemID]? {
        guard
            let ids = try enqueue(
                writes, storingIdentity: next,
                with: { (ids) throws(StorageError) -> KeyValueBatch in
                    var batch = KeyValueBatch()
                    try batch.set(makeCache(ids), forKey: StoreKeys.person)
                    return batch
                })
        else { return nil }
        adoptIdentity(next, cache: makeCache(ids))
        return ids
    }

    /// Queues `writes` and stores `identity` (with the values `values` makes from the items'
    /// IDs) in one transaction; `nil` (reported) when storage failed, and then nothing was
    /// stored. Throws, storing nothing, when another process changed the stored identity since
    /// this instance last read it (`holdsIdentityLastSeen(_:)`).
    func enqueue(
        _ writes: [QueuedWrite], storingIdentity identity: IdentityRecord,
        with values: ([QueueItemID]) throws(StorageError) -> KeyValueBatch = { _ in KeyValueBatch() }
    ) throws(IdentityChangedElsewhere) -> [QueueItemID]? {
        let stored: [QueueItemID]?
        do {
            let items = try writes.map { try $0.queueItem() }
            stored = try storage.queue.enqueueMany(
                items, now: clock.now(), when: { holdsIdentityLastSeen($0) },
                storing: { (ids) throws(StorageError) -> KeyValueBatch in
                    var batch = try values(ids)
                    try batch.set(identity, forKey: StoreKeys.identity)
                    return batch
                })
        } catch {
            let message =
                writes.isEmpty
                ? "Could not store the identity (\(error))."
                : "Could not queue \(writes.map(\.summary).joined(separator: ", ")) (\(error)); it will not be sent."
            reporter.diagnose(.storageWriteFailed, message)
            return nil
        }
        guard let stored else { throw IdentityChangedElsewhere() }
        storedIdentity = identity
        return stored
    }

    /// Stores `identity` (with the person cache `cache`, when given) in one transaction;
    /// reported when storage failed. Throws, storing nothing, when another process changed the
    /// stored identity since this instance last read it (`holdsIdentityLastSeen(_:)`).
    func storeIdentity(_ identity: IdentityRecord, cache: PersonCacheRecord? = nil) throws(IdentityChangedElsewhere) {
        let stored: Bool
        do throws(StorageError) {
            stored = try storage.keyValues.update { (reader) throws(StorageError) -> (Bool, KeyValueBatch) in
                guard holdsIdentityLastSeen(reader) else { return (false, KeyValueBatch()) }
                var batch = KeyValueBatch()
                try batch.set(identity, forKey: StoreKeys.identity)
                if let cache { try batch.set(cache, forKey: StoreKeys.person) }
                return (true, batch)
            }
        } catch {
            reporter.diagnose(.storageWriteFailed, "Could not store the identity (\(error)).")
            return
        }
        guard stored else { throw IdentityChangedElsewhere() }
        storedIdentity = identity
    }

    /// Whether storage, read through `reader` inside a write transaction, still holds the
    /// identity this instance last read or wrote there (`storedIdentity`), or holds none it can
    /// read: otherwise another process changed it since, and a write decided from this
    /// instance's identity must not replace what that process stored.
    private func holdsIdentityLastSeen(_ reader: KeyValueReader) -> Bool {
        guard let expected = storedIdentity,
            let stored = try? reader.value(IdentityRecord.self, forKey: StoreKeys.identity)
        else { return true }
        return stored == expected
    }

    /// Writes the person cache.
    func persistCache() {
        do throws(StorageError) {
            try storage.keyValues.set(cache, forKey: StoreKeys.person)
        } catch {
            reporter.diagnose(.storageWriteFailed, "Could not store the person (\(error)).")
        }
    }

    /// Replaces the cache and tells observers when the person changed.
    func setCache(_ newCache: PersonCacheRecord) {
        cache = newCache
        let newPerson = newCache.snapshot?.person.map(VoidhashPerson.init)
        let changed = newPerson != person
        if changed { person = newPerson }
        guard changed else { return }
        for observer in observers.values { observer.yield(newPerson) }
    }

    /// Stores `newIdentity` with `newCache`, makes them current, and lets waiting reads go on
    /// with the new identity. Throws, changing nothing, when another process changed the stored
    /// identity since this instance last read it.
    func switchIdentity(
        to newIdentity: IdentityRecord, cache newCache: PersonCacheRecord
    ) throws(IdentityChangedElsewhere) {
        try storeIdentity(newIdentity, cache: newCache)
        adoptIdentity(newIdentity, cache: newCache)
    }

    /// Makes `newIdentity` current with `newCache` in memory (the caller stores them), and lets
    /// waiting reads go on with the new identity.
    func adoptIdentity(_ newIdentity: IdentityRecord, cache newCache: PersonCacheRecord) {
        identity = newIdentity
        setCache(newCache)
        refreshInFlight = nil
        lastRefreshFailed = false
        broadcastRefresh(.superseded)
    }

    private static func defaultPurchaseSource() -> any PurchaseSource {
        #if canImport(StoreKit)
            StoreKitPurchaseSource()
        #else
            SimulatedPurchaseSource()
        #endif
    }
}
