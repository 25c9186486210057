import Foundation
import SDKPersistence
import VoidhashAPI

extension VoidhashCore {
    /// Follows what another process on the same storage (an app and its extension) stored
    /// since this instance last looked: a sign-in or sign-out there becomes the identity in use
    /// here, with the person that process cached for it, and a change of groups or profile of
    /// the same identity is taken as it is, as a relaunch would read them. Every public call
    /// that reads or changes the identity, groups, attributes, events or the person starts here.
    ///
    /// Nothing is read while no other connection has committed to the database
    /// (`KeyValueStore.otherWritersVersion()`, one cheap query); then the stored identity is read
    /// once and compared. Consent and the install's group types are read at launch only.
    func followStoredIdentity() {
        guard let version = try? storage.keyValues.otherWritersVersion(), version != seenOtherWritersVersion else {
            return
        }
        seenOtherWritersVersion = version
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
