import Synchronization

/// Runs identify requests in the background, one after another in the order they were
/// scheduled, and lets callers wait for those scheduled so far.
final class IdentifySender: Sendable {
    private let last = Mutex<Task<Void, Never>?>(nil)

    /// Schedules `send` after every send scheduled before it.
    func schedule(_ send: @escaping @Sendable () async -> Void) {
        last.withLock { last in
            let previous = last
            last = Task {
                await previous?.value
                await send()
            }
        }
    }

    /// Returns when every send scheduled before the call has finished.
    func drain() async {
        let task = last.withLock { $0 }
        await task?.value
    }
}
