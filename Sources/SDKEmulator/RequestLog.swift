/// Every request that reached routing, in arrival order (admin requests excluded).
final class RequestLog: Sendable {
    private struct State: Sendable {
        var nextSequence = 1
        var entries: [RecordedRequest] = []
    }

    private let state = Locked(State())
    private let capacity: Int

    /// A log keeping the most recent `capacity` entries.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `request` with the next sequence number.
    func record(_ request: EmulatorRequest, route: String?, fault: Fault?) {
        state.withLock { state in
            state.entries.append(
                RecordedRequest(sequence: state.nextSequence, route: route, fault: fault, request: request))
            state.nextSequence += 1
            if state.entries.count > capacity {
                state.entries.removeFirst(state.entries.count - capacity)
            }
        }
    }

    /// The entries for `route` (every entry when `nil`), oldest first.
    func entries(route: String?) -> [RecordedRequest] {
        state.withLock { state in
            route.map { route in state.entries.filter { $0.route == route } } ?? state.entries
        }
    }

    /// Forgets every entry (sequence numbers keep counting).
    func clear() {
        state.withLock { $0.entries.removeAll() }
    }
}
