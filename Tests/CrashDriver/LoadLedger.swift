import Synchronization

/// What the load tasks did, shared by every task: calls per method, and the counters that make
/// transaction IDs and event markers unique.
final class LoadLedger: Sendable {
    private struct State {
        var calls: [LoadOperation: Int] = [:]
        var transactions = 0
        var markers = 0
        var restoresLeft = 5
    }

    private let state = Mutex(State())

    /// Counts one call of `operation` that returned.
    func count(_ operation: LoadOperation) {
        state.withLock { $0.calls[operation, default: 0] += 1 }
    }

    /// A transaction ID no other purchase of the run has.
    func nextTransactionId() -> String {
        state.withLock { state in
            state.transactions += 1
            return "load-tx-\(state.transactions)"
        }
    }

    /// A marker no other capture of the run carries.
    func nextMarker() -> String {
        state.withLock { state in
            state.markers += 1
            return "m\(state.markers)"
        }
    }

    /// Whether the caller may run one of the few restores of the run.
    func claimRestore() -> Bool {
        state.withLock { state in
            guard state.restoresLeft > 0 else { return false }
            state.restoresLeft -= 1
            return true
        }
    }

    /// The calls that returned, all methods together.
    var totalCalls: Int { state.withLock { $0.calls.values.reduce(0, +) } }
    /// How many different methods returned at least once.
    var methodsCalled: Int { state.withLock { $0.calls.count } }
}
