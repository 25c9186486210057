/// The open connections of a running server, so that `stop()` can wake and end them all.
///
/// A connection's thread removes its socket here before closing it, so `closeAll` never
/// touches a descriptor number the system may already have reused.
final class ConnectionRegistry: Sendable {
    /// Whether a new connection was taken on.
    enum Admission {
        /// Registered; serve it.
        case admitted
        /// At the connection limit; refuse it.
        case full
        /// The server is stopping; close it.
        case closing
    }

    private struct Entry: Sendable {
        let socket: ConnectionSocket
        var task: Task<Void, Never>?
    }

    private struct State: Sendable {
        var entries: [Int32: Entry] = [:]
        var closing = false
    }

    private let state = Locked(State())
    private let capacity: Int

    /// A registry for at most `capacity` connections at once.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Registers a new connection.
    func admit(_ socket: ConnectionSocket) -> Admission {
        state.withLock { state in
            if state.closing { return .closing }
            if state.entries.count >= capacity { return .full }
            state.entries[socket.descriptor] = Entry(socket: socket)
            return .admitted
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
