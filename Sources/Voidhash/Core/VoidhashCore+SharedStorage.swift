import Foundation
import SDKPersistence
import VoidhashAPI

extension VoidhashCore {
    /// Follows what another process on the same storage (an app and its extension) stored
    /// since this instance last looked: a sign-in or sign-out there becomes the identity in use
    /// here, with the person that process cached for it; a change of groups or profile of the
    /// same identity, and the analytics consent, are taken as they are, as a relaunch would read
    /// them. Every public call that reads or changes the identity, groups, consent, attributes,
    /// events or the person starts here (`capture` checks inside its own transaction first, and
    /// comes here when another process has committed).
    ///
    /// Nothing is read while no other connection has committed to the database
    /// (`KeyValueStore.otherWritersVersion()`, one cheap query); then the stored identity and
    /// consent are read once and compared. The install's group types are read at launch only.
    func followSharedStorage() {
        guard let version = try? storage.keyValues.otherWritersVersion(), version != seenOtherWritersVersion else {
            return
        }
        seenOtherWritersVersion = version
        if let stored = try? storage.keyValues.value(VoidhashAnalyticsConsent.self, forKey: StoreKeys.consent) {
            consent = stored
        }
        guard let stored = try? storage.keyValues.value(IdentityRecord.self, forKey: StoreKeys.identity),
            stored != identity
        else { return }
        guard stored.epoch != identity.epoch else {
            identity = stored
            return
        }
        let storedCache = try? storage.keyValues.value(PersonCacheRecord.self, forKey: StoreKeys.person)
        let cache = storedCache.flatMap { $0.epoch == stored.epoch ? $0 : nil } ?? .empty(epoch: stored.epoch)
        adoptIdentity(stored, cache: cache)
    }
}
