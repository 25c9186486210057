import Foundation
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The stored holder of a queue's delivery claim, and the rules that say when a claim has
/// ended although nobody released it.
///
/// A claim ends with whatever took it: the process (its PID no longer exists), or, inside this
/// process, the owner (a pump no longer in `liveOwners`: its drain ended or its storage was
/// closed mid-send). At the latest it ends with its lease. A claim that ends more than two
/// leases from now was written before the clock was set back, and has ended too; one that ends
/// between one and two leases away is a claim renewed a moment ago by a process whose clock read
/// came just after ours.
struct DeliveryClaimHolder: Sendable, Hashable {
    /// Who took the claim: one pump, unique across processes.
    var owner: String
    /// The process of that pump.
    var pid: Int32
    /// When the lease runs out, unless renewed.
    var expiresAt: Date

    /// The owners of claims taken in this process whose drain is still under way.
    private static let liveOwners = Mutex<Set<String>>([])

    /// This process's ID.
    static var currentPID: Int32 { getpid() }

    /// Records `owner` as draining in this process (before it claims).
    static func begin(owner: String) {
        _ = liveOwners.withLock { $0.insert(owner) }
    }

    /// Records that `owner`'s drain ended in this process, whether or not its release was stored.
    static func end(owner: String) {
        _ = liveOwners.withLock { $0.remove(owner) }
    }

    /// Whether this claim has ended at `now` for an owner that asks with `lease`.
    func hasEnded(now: Date, lease: TimeInterval) -> Bool {
        if expiresAt <= now || expiresAt.timeIntervalSince(now) > 2 * lease { return true }
        if pid == Self.currentPID { return !Self.liveOwners.withLock { $0.contains(owner) } }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
