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

    /// Appends `request` with the next sequence number, and returns that number.
    func record(_ request: EmulatorRequest, route: String?, fault: Fault?) -> Int {
        state.withLock { state in
            let sequence = state.nextSequence
            state.entries.append(
                RecordedRequest(sequence: sequence, route: route, fault: fault, request: request))
            state.nextSequence += 1
            if state.entries.count > capacity {
                state.entries.removeFirst(state.entries.count - capacity)
            }
            return sequence
        }
    }

    /// Notes the status the request `sequence` was answered with (nothing when it has left the
    /// log already). Entries are in sequence order, so it is found by binary search.
    func complete(sequence: Int, status: Int) {
        state.withLock { state in
            var low = 0
            var high = state.entries.count
            while low < high {
                let middle = (low + high) / 2
                if state.entries[middle].sequence < sequence { low = middle + 1 } else { high = middle }
            }
            if low < state.entries.count, state.entries[low].sequence == sequence {
                state.entries[low].status = status
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
