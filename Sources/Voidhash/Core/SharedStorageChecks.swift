import Synchronization

/// Numbers the checks a core makes of what other processes stored (`followSharedStorage()`),
/// so that reads asked for at once can share one.
///
/// A read takes a `ticket()` when it is asked for, before it waits for its turn of the core. A
/// check numbered above that ticket began after the read was asked for, so what it found is what
/// the read would find itself: the read answers from it, as if made at the instant that check
/// began. A read asked for after another process committed still sees that commit. When a
/// thousand views read the distinct ID on one frame tick, a few checks serve them all instead of
/// a thousand queries, each of which also waits for the database that delivery is using.
final class SharedStorageChecks: Sendable {
    private let begun = Atomic<UInt64>(0)

    /// How many checks have begun: a check numbered above it begins after this call.
    func ticket() -> UInt64 {
        begun.load(ordering: .sequentiallyConsistent)
    }

    /// Numbers a check that begins now.
    func begin() -> UInt64 {
        begun.add(1, ordering: .sequentiallyConsistent).newValue
    }
}
