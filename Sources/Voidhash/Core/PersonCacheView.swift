import Foundation
import SDKRuntime
import Synchronization

/// The person cache as the core last set it, readable without a turn of the core.
///
/// A read of a fresh snapshot needs nothing but the cache and the time, so screens that check
/// access many times a second answer from here and never queue behind the core's work (delivery
/// reports, identity changes). Any other read (stale, missing, forced) goes to the core, which
/// may ask Voidhash. The core publishes every cache it sets, in the same turn, so a read made
/// after a call returned sees what that call cached.
final class PersonCacheView: Sendable {
    /// What the core published, never changed once made: a read holds the lock only to take
    /// one reference, and decides outside it.
    private final class Entry: Sendable {
        let cache: PersonCacheRecord
        let person: VoidhashPerson?

        init(cache: PersonCacheRecord, person: VoidhashPerson?) {
            self.cache = cache
            self.person = person
        }
    }

    private let entry = Mutex<Entry?>(nil)

    /// An empty view: every read goes to the core until the core publishes a cache.
    init() {}

    /// Records the cache the core now holds, and its person.
    func publish(_ cache: PersonCacheRecord, person: VoidhashPerson?) {
        entry.withLock { $0 = Entry(cache: cache, person: person) }
    }

    /// The answer of a read at `now` when the cached snapshot is fresh then; `nil` when the read
    /// needs the core.
    func freshState(at now: Date) -> VoidhashPersonState? {
        guard let entry = entry.withLock({ $0 }), entry.cache.freshness(at: now) == .fresh else { return nil }
        return entry.cache.state(person: entry.person, isStale: false, reason: .fresh, at: now)
    }
}
