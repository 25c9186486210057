import Foundation
import SDKPersistence
import SDKRuntime

/// The state an instance starts from, read from storage (or made on the first launch).
struct LaunchState: Sendable {
    /// The identity.
    var identity: IdentityRecord
    /// Whether the identity came from storage (a later launch) rather than being made now.
    var identityWasStored: Bool
    /// The person cache of that identity.
    var cache: PersonCacheRecord
    /// The analytics consent.
    var consent: VoidhashAnalyticsConsent
    /// Every group type the project used on this install, in the order first used.
    var groupTypes: [String]

    /// Reads the stored state; makes and stores what is missing. An unreadable value is
    /// reported and replaced. `consent`, when given, replaces the stored consent.
    static func read(
        from storage: SDKStorage, consent: VoidhashAnalyticsConsent?, clock: any SDKClock,
        reporter: Reporter
    ) -> LaunchState {
        let values = storage.keyValues
        func stored<T: Decodable>(_ type: T.Type, _ key: String) -> T? {
            do throws(StorageError) {
                return try values.value(type, forKey: key)
            } catch {
                reporter.diagnose(.storageWriteFailed, "A stored value could not be read (\(error)).")
                return nil
            }
        }
        let storedIdentity = stored(IdentityRecord.self, StoreKeys.identity)
        let identity = storedIdentity ?? .newAnonymous()
        let storedCache = stored(PersonCacheRecord.self, StoreKeys.person)
        let cache: PersonCacheRecord =
            if let storedCache, storedCache.epoch == identity.epoch {
                storedCache
            } else if storedIdentity == nil {
                // A new anonymous ID: Voidhash cannot have a person for it yet.
                PersonCacheRecord(
                    epoch: identity.epoch, snapshot: .newAnonymous(at: clock.now()),
                    awaitingLink: nil)
            } else {
                .empty(epoch: identity.epoch)
            }
        let resolvedConsent =
            consent ?? stored(VoidhashAnalyticsConsent.self, StoreKeys.consent) ?? .granted
        var batch = KeyValueBatch()
        do throws(StorageError) {
            if storedIdentity == nil {
                try batch.set(identity, forKey: StoreKeys.identity)
                try batch.set(cache, forKey: StoreKeys.person)
            }
            if stored(InstallRecord.self, StoreKeys.install) == nil {
                try batch.set(
                    InstallRecord(installId: IdentifierBody.randomUUID(), firstLaunchAt: clock.now()),
                    forKey: StoreKeys.install)
            }
            try batch.set(resolvedConsent, forKey: StoreKeys.consent)
            try values.apply(batch)
        } catch {
            reporter.diagnose(.storageWriteFailed, "The identity could not be stored (\(error)).")
        }
        // The transaction IDs an earlier version kept as one value move into the queue's
        // once-table: recorded first, removed after (a kill in between records them again).
        if let synced = stored([String].self, StoreKeys.syncedTransactions) {
            do throws(StorageError) {
                try storage.queue.recordOnce(keys: synced.map(VoidhashCore.onceKey), now: clock.now())
                try values.removeValue(forKey: StoreKeys.syncedTransactions)
            } catch {
                reporter.diagnose(.storageWriteFailed, "The synced purchases could not be moved (\(error)).")
            }
        }
        return LaunchState(
            identity: identity, identityWasStored: storedIdentity != nil, cache: cache,
            consent: resolvedConsent, groupTypes: stored([String].self, StoreKeys.groupTypes) ?? [])
    }
}
