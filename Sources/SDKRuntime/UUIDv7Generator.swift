import Foundation
import Synchronization

/// Makes version 7 UUIDs that strictly increase, even within one millisecond or when the clock
/// steps back (RFC 9562, method 2: "monotonic random").
///
/// When a fresh ID would not sort after the previous one (the same millisecond, or an earlier
/// one), the next ID is the previous one with its 74 random bits increased by a random step of
/// 1 to 2³², so IDs stay unguessable and ordered. Safe to share between tasks.
public final class UUIDv7Generator: Sendable {
    private let clock: any SDKClock
    private let last: Mutex<UUIDv7Bits?>

    /// A generator reading time from `clock`, whose IDs all sort after `previous` when that is a
    /// version 7 UUID (say, the greatest ID already stored).
    public init(clock: any SDKClock = SystemClock(), after previous: UUID? = nil) {
        self.clock = clock
        last = Mutex(previous.map(UUIDv7Bits.init).flatMap { $0.isVersion7 ? $0 : nil })
    }

    /// The next ID: greater, as bytes and as `uuidString`, than every ID this generator made.
    public func next() -> UUID {
        next(at: clock.now())
    }

    /// The next ID, stamped with `now` instead of the generator's clock unless that would not
    /// sort after the previous ID.
    public func next(at now: Date) -> UUID {
        // Every random bit is drawn before taking the lock: the lock is held only to compare and
        // store.
        let random = UUIDv7Bits.systemRandomBits()
        let fresh = UUIDv7Bits(milliseconds: UUIDv7.milliseconds(of: now), randomBits: random)
        // The layout takes 12 bits of `random.high`; 32 of the others give the step, 1 to 2³²,
        // without a third draw (each draw is a system call).
        let step = (random.high >> 32) + 1
        return last.withLock { last in
            var bits = fresh
            if let previous = last, bits <= previous {
                bits = previous.incremented(by: step)
            }
            last = bits
            return bits.uuid
        }
    }
}
