import Foundation

/// Runs blocking work (raw socket I/O) on a thread of its own, never on the cooperative pool:
/// with two cores, a blocked pool thread would starve the server's own request tasks.
func offPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws
    -> Result
{
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}
