import Synchronization

/// How far an instance got in opening its storage and making its core: the one place reads that
/// must not wait for storage (`Voidhash.groups` before the device's first unlock) learn whether
/// storage is waiting.
///
/// The storage opener and the loading task move it on: `opening` while an attempt to open the
/// database is under way, `waitingForProtectedData` once an attempt found it cannot be read for
/// now (the gate locked, or the file refusing to open, as it does before the first unlock after
/// a restart, which no notification announces), `loaded` once the core exists.
final class LoadProgress: Sendable {
    /// A step of loading.
    enum Stage: Sendable {
        /// Storage is being opened (or the opener has not started).
        case opening
        /// The last attempt found that storage cannot be read for now; the opener tries again.
        case waitingForProtectedData
        /// Storage is open and the core is made.
        case loaded(VoidhashCore)
    }

    private struct State {
        var stage = Stage.opening
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Stage, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Loading that has not started.
    init() {}

    /// The core, once loaded.
    var core: VoidhashCore? {
        if case .loaded(let core) = state.withLock({ $0.stage }) { core } else { nil }
    }

    /// Moves to `stage`, waking every `settled()` call unless `stage` is `.opening`.
    func move(to stage: Stage) {
        let waiters = state.withLock { state -> [CheckedContinuation<Stage, Never>] in
            state.stage = stage
            if case .opening = stage { return [] }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: stage) }
    }

    /// The stage once no attempt to open storage is under way (`.waitingForProtectedData` or
    /// `.loaded`); the current stage, whatever it is, as soon as the calling task is cancelled.
    func settled() async -> Stage {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Stage, Never>) in
                let settled = state.withLock { state -> Stage? in
                    if case .opening = state.stage, !Task.isCancelled {
                        state.waiters[id] = continuation
                        return nil
                    }
                    return state.stage
                }
                if let settled { continuation.resume(returning: settled) }
            }
        } onCancel: {
            let (waiter, stage) = state.withLock { ($0.waiters.removeValue(forKey: id), $0.stage) }
            waiter?.resume(returning: stage)
        }
    }
}
