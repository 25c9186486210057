import Foundation

/// Runs blocking work (raw socket I/O, reading a child's pipe, waiting for it to exit) on a thread
/// of its own, never on the cooperative pool: with two cores, a blocked pool thread would starve
/// the emulator's request tasks.
public func offPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws
    -> Result
{
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}
