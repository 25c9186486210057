import Synchronization

/// What the load tasks handed to the SDK and got back, shared by every task.
final class LoadLedger: Sendable {
    private struct State {
        var calls: [LoadOperation: Int] = [:]
        var returnedPurchases: [String] = []
        var returnedSignOuts = 0
        var returnedCaptures: [String] = []
        var markers = 0
        var errors: [String] = []
        var restoresLeft = 5
    }

    private let state = Mutex(State())

    /// Counts one call of `operation` that returned.
    func count(_ operation: LoadOperation) {
        state.withLock { $0.calls[operation, default: 0] += 1 }
    }

    /// Notes that `syncPurchases` returned after `transactionId` was bought.
    func purchaseReturned(_ transactionId: String) {
        state.withLock { $0.returnedPurchases.append(transactionId) }
    }

    /// A marker no other capture of the run carries.
    func nextMarker() -> String {
        state.withLock { state in
            state.markers += 1
            return "m\(state.markers)"
        }
    }

    /// Notes that the capture of the event marked `marker` returned.
    func captureReturned(_ marker: String) {
        state.withLock { $0.returnedCaptures.append(marker) }
    }

    /// Notes that `signOut` or `reset` returned (each records one `$sign_out` event).
    func signOutReturned() {
        state.withLock { $0.returnedSignOuts += 1 }
    }

    /// Whether the caller may run one of the few restores of the run.
    func claimRestore() -> Bool {
        state.withLock { state in
            guard state.restoresLeft > 0 else { return false }
            state.restoresLeft -= 1
            return true
        }
    }

    /// Notes an error no call should have thrown.
    func unexpected(_ error: any Error, in operation: LoadOperation) {
        state.withLock { $0.errors.append("\(operation): \(error)") }
    }

    /// Calls that returned, by operation.
    var calls: [LoadOperation: Int] { state.withLock { $0.calls } }
    /// The transactions whose `syncPurchases` returned.
    var returnedPurchases: [String] { state.withLock { $0.returnedPurchases } }
    /// The markers of the captures that returned.
    var returnedCaptures: [String] { state.withLock { $0.returnedCaptures } }
    /// The number of `signOut` and `reset` calls that returned.
    var returnedSignOuts: Int { state.withLock { $0.returnedSignOuts } }
    /// Unexpected errors.
    var errors: [String] { state.withLock { $0.errors } }
}
