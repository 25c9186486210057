import Synchronization

/// A weak reference to the core, for the delivery machinery the core itself owns (so that
/// neither keeps the other alive).
final class CoreReference: Sendable {
    private struct Weak: Sendable {
        weak var core: VoidhashCore?
    }

    private let reference = Mutex(Weak())

    /// An empty reference.
    init() {}

    /// The core, while it exists.
    var core: VoidhashCore? {
        get { reference.withLock { $0.core } }
        set { reference.withLock { $0.core = newValue } }
    }
}
