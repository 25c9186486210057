import Foundation

/// A value guarded by a lock, for state that plain threads (the socket loops) and async code share.
///
/// `Synchronization.Mutex` would do the same job but is unavailable before macOS 15 / iOS 18,
/// below this package's deployment targets; this is the one audited `@unchecked Sendable`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Never call back into other locks or I/O.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
