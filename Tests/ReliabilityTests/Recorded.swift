import Synchronization

/// Values a callback received, in order (safe to append from any thread).
final class Recorded<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    /// Appends `value`.
    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    /// Everything received so far.
    var all: [Value] {
        values.withLock { $0 }
    }
}
