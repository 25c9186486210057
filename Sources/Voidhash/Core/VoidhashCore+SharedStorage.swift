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
        let check = sharedStorageChecks.begin()
        guard let version = try? storage.keyValues.otherWritersVersion() else { return }
        followedCheck = check
        guard version != seenOtherWritersVersion else { return }
        seenOtherWritersVersion = version
        if let stored = try? storage.keyValues.value(VoidhashAnalyticsConsent.self, forKey: StoreKeys.consent) {
            consent = stored
        }
        guard let stored = try? storage.keyValues.value(IdentityRecord.self, forKey: StoreKeys.identity) else {
            return
        }
        storedIdentity = stored
        guard stored != identity else { return }
        guard stored.epoch != identity.epoch else {
            identity = stored
            return
        }
        let storedCache = try? storage.keyValues.value(PersonCacheRecord.self, forKey: StoreKeys.person)
        let cache = storedCache.flatMap { $0.epoch == stored.epoch ? $0 : nil } ?? .empty(epoch: stored.epoch)
        adoptIdentity(stored, cache: cache)
    }

    /// Follows the shared storage as `followSharedStorage()` does, unless a check that began
    /// after `ticket` was taken (`SharedStorageChecks.ticket()`, when a read was asked for) has
    /// been followed already: the read then answers from what that check found.
    func followSharedStorage(askedAt ticket: UInt64) {
        guard followedCheck <= ticket else { return }
        followSharedStorage()
    }

    /// Runs `change`, a call's decision and the identity write it makes, on the identity
    /// storage holds now. It follows the shared storage first; when another process changed the
    /// stored identity between that read and `change`'s write (which then stored nothing and
    /// threw `IdentityChangedElsewhere`), it reads what that process stored and runs `change`
    /// again. So a call made at the same instant as another process's sign-in or sign-out acts
    /// as if it came just after it: a sign-out records `$sign_out` for the user the other
    /// process signed in, an `identify` links the anonymous ID the other process signed out to.
    ///
    /// After `identityConflictLimit` conflicts in a row, the write goes through whatever is
    /// stored, so a call always ends.
    func onStoredIdentity<Result>(_ change: () throws(IdentityChangedElsewhere) -> Result) -> Result {
        var conflicts = 0
        while true {
            followSharedStorage()
            if conflicts == Self.identityConflictLimit { storedIdentity = nil }
            do throws(IdentityChangedElsewhere) {
                return try change()
            } catch {
                conflicts += 1
                seenOtherWritersVersion = nil  // read the stored identity again, whatever the version says
            }
        }
    }

    /// How many times in a row `onStoredIdentity(_:)` decides again after another process
    /// changed the identity before it writes regardless.
    static let identityConflictLimit = 8
}
