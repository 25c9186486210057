import Synchronization

/// Numbers requests in the order they start, so an answer to an older request never replaces
/// the answer to a newer one.
final class RequestSequencer: Sendable {
    private let last = Mutex<UInt64>(0)

    /// A sequencer starting at zero.
    init() {}

    /// The next number: greater than every number handed out before.
    func next() -> UInt64 {
        last.withLock { value in
            value += 1
            return value
        }
    }

    /// The last number handed out.
    var current: UInt64 { last.withLock { $0 } }
}
