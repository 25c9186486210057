import Synchronization

/// The open connections of a running server, so that `stop()` can wake and end them all, and
/// a new connection past the limit can take the place of the one idle longest.
///
/// A connection's thread removes its socket here before closing it, so `closeAll` and an
/// eviction never touch a descriptor number the system may already have reused.
final class ConnectionRegistry: Sendable {
    /// Whether a new connection was taken on.
    enum Admission {
        /// Registered; serve it.
        case admitted
        /// At the connection limit with every connection busy, in one of the few places kept
        /// for the admin API: serve one admin request on it, refuse anything else. Requests a
        /// fault keeps waiting can fill every slot, and a test must still reach `reset`.
        case adminOnly
        /// At the connection limit with every connection busy and every admin place taken;
        /// refuse it.
        case full
        /// The server is stopping; close it.
        case closing
    }

    private struct Entry: Sendable {
        let socket: ConnectionSocket
        var task: Task<Void, Never>?
        /// Since when the connection has waited for a request (`nil` while one is under way).
        var idleSince: ContinuousClock.Instant?
        /// Whether it holds one of the places kept for the admin API (not counted in the limit).
        var adminOnly = false
    }

    private struct State: Sendable {
        var entries: [Int32: Entry] = [:]
        var closing = false
    }

    private let state = Mutex(State())
    private let capacity: Int

    /// The connections kept for the admin API beyond the limit.
    static let adminPlaces = 4

    /// A registry for at most `capacity` connections at once, and ``adminPlaces`` more for the
    /// admin API.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Registers a new connection (idle until its first request arrives). At the limit, the
    /// connection idle longest is shut down and forgotten to make room; its thread sees the
    /// connection end and closes it.
    func admit(_ socket: ConnectionSocket) -> Admission {
        state.withLock { state in
            if state.closing { return .closing }
            let adminOnly = state.entries.values.count(where: \.adminOnly)
            if state.entries.count - adminOnly >= capacity {
                let idle = state.entries.values.compactMap { entry in
                    entry.adminOnly ? nil : entry.idleSince.map { (entry.socket, $0) }
                }
                guard let (oldest, _) = idle.min(by: { $0.1 < $1.1 }) else {
                    guard adminOnly < Self.adminPlaces else { return .full }
                    state.entries[socket.descriptor] = Entry(socket: socket, idleSince: .now, adminOnly: true)
                    return .adminOnly
                }
                // Under the lock: a registered descriptor is still open, so it is still ours.
                oldest.shutdownBoth()
                state.entries[oldest.descriptor] = nil
            }
            state.entries[socket.descriptor] = Entry(socket: socket, idleSince: .now)
            return .admitted
        }
    }

    /// Notes that the connection waits for its next request, so a new connection may take its
    /// place. A connection idle already keeps the time it became idle (its thread marks it when
    /// it starts, after `admit` did), so the one idle longest is still the one evicted first.
    func markIdle(_ socket: ConnectionSocket) {
        state.withLock { state in
            guard state.entries[socket.descriptor]?.idleSince == nil else { return }
            state.entries[socket.descriptor]?.idleSince = .now
        }
    }

    /// Notes that a request began to arrive; `false` when the connection was already given up to
    /// a newer one (its socket is shut down, and the request goes unanswered).
    func markBusy(_ socket: ConnectionSocket) -> Bool {
        state.withLock { state in
            guard state.entries[socket.descriptor] != nil else { return false }
            state.entries[socket.descriptor]?.idleSince = nil
            return true
        }
    }

    /// Forgets a connection; call before closing its socket.
    func remove(_ socket: ConnectionSocket) {
        _ = state.withLock { $0.entries.removeValue(forKey: socket.descriptor) }
    }

    /// Remembers the task handling the connection's current request, so `closeAll` can cancel
    /// it; cancels it at once when the server is already stopping.
    func attach(_ task: Task<Void, Never>, to socket: ConnectionSocket) {
        let cancelNow = state.withLock { state in
            state.entries[socket.descriptor]?.task = task
            return state.closing
        }
        if cancelNow { task.cancel() }
    }

    /// Forgets the connection's request task once it finished.
    func detachTask(from socket: ConnectionSocket) {
        state.withLock { $0.entries[socket.descriptor]?.task = nil }
    }

    /// Whether the server is stopping (connections should not be kept alive).
    var isClosing: Bool {
        state.withLock(\.closing)
    }

    /// The number of open connections.
    var count: Int {
        state.withLock(\.entries.count)
    }

    /// Refuses new connections, shuts every open one down and cancels their request tasks.
    func closeAll() {
        let tasks = state.withLock { state in
            state.closing = true
            // Under the lock: a registered descriptor is still open, so it is still ours.
            for entry in state.entries.values { entry.socket.shutdownBoth() }
            return state.entries.values.compactMap(\.task)
        }
        for task in tasks { task.cancel() }
    }
}
