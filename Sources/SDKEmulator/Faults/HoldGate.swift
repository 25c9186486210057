import Synchronization

/// Where requests under a `.hold` fault wait until a test releases them.
final class HoldGate: Sendable {
    private struct Held: Sendable {
        let route: String?
        var continuation: CheckedContinuation<Void, Never>?
        var released = false
    }

    private struct Watcher: Sendable {
        let route: String?
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State: Sendable {
        var nextID = 0
        var held: [Int: Held] = [:]
        var watchers: [Int: Watcher] = [:]
        var cancelledWatchers: Set<Int> = []
        var isOpen = false

        mutating func makeID() -> Int {
            nextID += 1
            return nextID
        }

        func heldCount(route: String?) -> Int {
            held.values.count { !$0.released && (route == nil || $0.route == route) }
        }

        /// Removes and returns the watchers whose condition now holds.
        mutating func satisfiedWatchers() -> [Watcher] {
            let ready = watchers.filter { heldCount(route: $0.value.route) >= $0.value.count }
            for id in ready.keys { watchers[id] = nil }
            return Array(ready.values)
        }
    }

    private let state = Mutex(State())

    /// Starts holding and watching (the server started).
    func open() {
        state.withLock { $0.isOpen = true }
    }

    /// Lets every held request go and wakes every `waitUntilHeld` caller with `false`; until
    /// `open()`, nothing is held and every wait returns `false` at once (the server stopped).
    func close() {
        let watchers = state.withLock { state in
            state.isOpen = false
            defer { state.watchers = [:] }
            return Array(state.watchers.values)
        }
        release(route: nil)
        for watcher in watchers { watcher.continuation.resume(returning: false) }
    }

    /// Suspends until `release(route:)` covers this request, the calling task is cancelled, or
    /// the gate closes. Returns at once while the gate is closed.
    func hold(route: String?) async {
        let opened: (id: Int, ready: [Watcher])? = state.withLock { state in
            guard state.isOpen else { return nil }
            let id = state.makeID()
            state.held[id] = Held(route: route)
            return (id, state.satisfiedWatchers())
        }
        guard let (id, ready) = opened else { return }
        for watcher in ready { watcher.continuation.resume(returning: true) }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard let entry = state.held[id], !entry.released else { return true }
                    state.held[id]?.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            releaseEntries { heldID, _ in heldID == id }
        }
        state.withLock { $0.held[id] = nil }
    }

    /// Lets the requests held for `route` (every held request when `nil`) go on; returns how many.
    @discardableResult
    func release(route: String?) -> Int {
        releaseEntries { _, held in route == nil || held.route == route }
    }

    /// The number of requests currently held for `route` (all routes when `nil`).
    func heldCount(route: String?) -> Int {
        state.withLock { $0.heldCount(route: route) }
    }

    /// Suspends until at least `count` requests are held for `route` (any route when `nil`).
    ///
    /// Returns `false` when it stopped waiting for another reason: the task was cancelled or the
    /// gate is closed (the server is not running).
    func waitUntilHeld(route: String?, count: Int) async -> Bool {
        let id = state.withLock { $0.makeID() }
        let satisfied = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let immediate: Bool? = state.withLock { state in
                    if state.cancelledWatchers.remove(id) != nil || !state.isOpen { return false }
                    if state.heldCount(route: route) >= count { return true }
                    state.watchers[id] = Watcher(route: route, count: count, continuation: continuation)
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let watcher = state.withLock { state in
                if let watcher = state.watchers.removeValue(forKey: id) { return Optional(watcher) }
                state.cancelledWatchers.insert(id)
                return nil
            }
            watcher?.continuation.resume(returning: false)
        }
        state.withLock { _ = $0.cancelledWatchers.remove(id) }
        return satisfied
    }

    @discardableResult
    private func releaseEntries(where matches: (Int, Held) -> Bool) -> Int {
        let (count, continuations) = state.withLock { state in
            var count = 0
            var continuations: [CheckedContinuation<Void, Never>] = []
            for (id, entry) in state.held where !entry.released && matches(id, entry) {
                count += 1
                state.held[id]?.released = true
                if let continuation = entry.continuation { continuations.append(continuation) }
            }
            return (count, continuations)
        }
        for continuation in continuations { continuation.resume() }
        return count
    }
}
