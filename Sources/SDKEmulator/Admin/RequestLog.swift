import Foundation
import Synchronization

/// Every request that reached routing, in arrival order (admin requests excluded), bounded by
/// count and by bytes: the oldest entries are forgotten first, and a body longer than
/// ``ServerLimits/maxLoggedBodyBytes`` is kept as its length and digest only.
final class RequestLog: Sendable {
    private struct State: Sendable {
        var nextSequence = 1
        var entries: [RecordedRequest] = []
        /// The sum of the entries' ``RecordedRequest/loggedSize``.
        var bytes = 0
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let byteCapacity: Int
    private let bodyCapacity: Int

    /// A log within `limits`' request count, byte count and body length.
    init(limits: ServerLimits) {
        capacity = max(1, limits.maxLoggedRequests)
        byteCapacity = max(0, limits.maxLoggedBytes)
        bodyCapacity = max(0, limits.maxLoggedBodyBytes)
    }

    /// Appends `request` with the next sequence number, and returns that number.
    func record(_ request: EmulatorRequest, route: String?, fault: Fault?) -> Int {
        var kept = request
        var omitted: OmittedBody?
        if request.body.count > bodyCapacity {
            omitted = OmittedBody(of: request.body)
            kept.body = Data()
        }
        return state.withLock { state in
            let sequence = state.nextSequence
            let entry = RecordedRequest(
                sequence: sequence, route: route, fault: fault, request: kept, omittedBody: omitted)
            state.entries.append(entry)
            state.bytes += entry.loggedSize
            state.nextSequence += 1
            var forgotten = 0
            while state.entries.count - forgotten > capacity
                || (state.bytes > byteCapacity && forgotten < state.entries.count - 1)
            {
                state.bytes -= state.entries[forgotten].loggedSize
                forgotten += 1
            }
            state.entries.removeFirst(forgotten)
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

    /// Forgets every entry (sequence numbers keep counting) and gives their storage back.
    func clear() {
        state.withLock { state in
            state.entries = []
            state.bytes = 0
        }
    }
}

extension RecordedRequest {
    /// What the entry costs the log: its body as kept, its head's text, a share for each query
    /// item and header field beside its text (its place in the list and its two strings' own
    /// storage: a request of thousands of empty query items costs memory, though it holds no
    /// text), and a fixed share for the rest.
    var loggedSize: Int {
        let fields = request.query + request.headers
        let text = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        return 128 + request.body.count + request.method.utf8.count + request.path.utf8.count + text
            + fields.count * Self.fieldShare
    }

    /// The memory a query item or header field takes beyond its text, rounded up.
    static let fieldShare = 64
}
