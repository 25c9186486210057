import Foundation

/// The time source every time limit and timestamp of the SDKs goes through.
///
/// `SystemClock` is the real one; tests use `ManualClock` so that no test sleeps for real.
public protocol SDKClock: Sendable {
    /// The current wall-clock time (used for timestamps, never to decide access).
    func now() -> Date
    /// Suspends for `duration` of this clock's time; throws `CancellationError` when cancelled.
    func sleep(for duration: Duration) async throws
}

/// The device's own clock.
public struct SystemClock: SDKClock {
    /// The device clock.
    public init() {}
    /// `Date()`.
    public func now() -> Date { Date() }
    /// `Task.sleep(for:)`.
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
