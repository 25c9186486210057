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
    ///
    /// Reading and storing are one write transaction, so instances starting at once on one
    /// storage (an app and its extension on a fresh install) store one identity and all start
    /// from it. When that transaction fails, the state is read outside it and kept in memory.
    static func read(
        from storage: SDKStorage, consent: VoidhashAnalyticsConsent?, clock: any SDKClock,
        reporter: Reporter
    ) -> LaunchState {
        let values = storage.keyValues
        // What cannot be read is reported after the transaction: the app's callback never runs
        // while the storage is held.
        var plan: Plan
        do throws(StorageError) {
            plan = try values.update { (reader) throws(StorageError) in
                let plan = Plan(reading: reader, consent: consent, clock: clock)
                return (plan, try plan.batch())
            }
        } catch {
            plan = Plan(reading: values, consent: consent, clock: clock)
            plan.problems.append("The identity could not be stored (\(error)).")
        }
        // The transaction IDs an earlier version kept as one value move into the queue's
        // once-table: recorded first, removed after (a kill in between records them again).
        if let synced = plan.read([String].self, StoreKeys.syncedTransactions, from: values) {
            do throws(StorageError) {
                try storage.queue.recordOnce(keys: synced.map(VoidhashCore.onceKey), now: clock.now())
                try values.removeValue(forKey: StoreKeys.syncedTransactions)
            } catch {
                plan.problems.append("The synced purchases could not be moved (\(error)).")
            }
        }
        for problem in plan.problems { reporter.diagnose(.storageWriteFailed, problem) }
        return plan.launch
    }

    /// The state of a first launch: a new anonymous identity, whose person Voidhash cannot
    /// have yet.
    static func firstLaunch(consent: VoidhashAnalyticsConsent, clock: any SDKClock) -> LaunchState {
        let identity = IdentityRecord.newAnonymous()
        return LaunchState(
            identity: identity, identityWasStored: false,
            cache: PersonCacheRecord(
                epoch: identity.epoch, snapshot: .newAnonymous(at: clock.now()), awaitingLink: nil),
            consent: consent, groupTypes: [])
    }
}

extension LaunchState {
    /// The launch state decided from what is stored, with what must be stored for it and what
    /// could not be read.
    struct Plan: Sendable {
        /// The state to start from.
        var launch: LaunchState
        /// Whether the install has no install record yet.
        var needsInstallRecord = false
        /// Messages for what could not be read or stored.
        var problems: [String] = []
        /// The time the plan was made.
        let now: Date

        /// The plan for what `reader` holds; `consent`, when given, replaces the stored one.
        ///
        /// Without a stored consent the user is taken to agree (`.granted`, as the options
        /// say); a stored one that cannot be read counts as `.pending`, not granted: the user
        /// may have refused, and tracking someone who did is worse than asking again.
        init(reading reader: some KeyValueReading, consent: VoidhashAnalyticsConsent?, clock: any SDKClock) {
            now = clock.now()
            var problems: [String] = []
            let consent =
                consent
                ?? Self.read(VoidhashAnalyticsConsent.self, StoreKeys.consent, from: reader, noting: &problems)
                ?? (problems.isEmpty ? .granted : .pending)
            if let identity = Self.read(IdentityRecord.self, StoreKeys.identity, from: reader, noting: &problems) {
                let cache = Self.read(PersonCacheRecord.self, StoreKeys.person, from: reader, noting: &problems)
                launch = LaunchState(
                    identity: identity, identityWasStored: true,
                    cache: cache.flatMap { $0.epoch == identity.epoch ? $0 : nil } ?? .empty(epoch: identity.epoch),
                    consent: consent, groupTypes: [])
            } else {
                launch = .firstLaunch(consent: consent, clock: clock)
            }
            launch.groupTypes = Self.read([String].self, StoreKeys.groupTypes, from: reader, noting: &problems) ?? []
            needsInstallRecord =
                Self.read(InstallRecord.self, StoreKeys.install, from: reader, noting: &problems) == nil
            self.problems = problems
        }

        /// The value under `key`, or `nil` when there is none or it cannot be read (noted in
        /// `problems`).
        mutating func read<T: Decodable>(_ type: T.Type, _ key: String, from reader: some KeyValueReading) -> T? {
            Self.read(type, key, from: reader, noting: &problems)
        }

        /// The value under `key`, or `nil` when there is none or it cannot be read (a message
        /// saying so is added to `problems`).
        private static func read<T: Decodable>(
            _ type: T.Type, _ key: String, from reader: some KeyValueReading, noting problems: inout [String]
        ) -> T? {
            do throws(StorageError) {
                return try reader.value(type, forKey: key)
            } catch {
                problems.append("A stored value could not be read (\(error)).")
                return nil
            }
        }

        /// The changes that store what the plan made: a new identity with its person cache, the
        /// install record, the consent.
        func batch() throws(StorageError) -> KeyValueBatch {
            var batch = KeyValueBatch()
            if !launch.identityWasStored {
                try batch.set(launch.identity, forKey: StoreKeys.identity)
                try batch.set(launch.cache, forKey: StoreKeys.person)
            }
            if needsInstallRecord {
                try batch.set(
                    InstallRecord(installId: IdentifierBody.randomUUID(), firstLaunchAt: now), forKey: StoreKeys.install
                )
            }
            try batch.set(launch.consent, forKey: StoreKeys.consent)
            return batch
        }
    }
}
