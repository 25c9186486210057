import Foundation
import SDKEmulator
import SDKRuntime
import VoidhashAPI

/// What the Voidhash emulator holds after a run, and the writes that reached it, in arrival
/// order, for the exactly-once and order checks.
struct EmulatorRecord: Sendable {
    /// One mutating request as it arrived.
    struct Arrival: Sendable, Hashable {
        /// Its position in arrival order.
        var sequence: Int
        /// Its `Idempotency-Key`: one key per queued item, so two keys for one write mean the
        /// SDK queued it twice.
        var idempotencyKey: String
    }

    /// Anonymous ID -> external user ID.
    var links: [String: String]
    /// The stored purchases, in arrival order.
    var purchases: [VoidhashPurchaseEntry]
    /// The stored events, in arrival order.
    var events: [Event]
    /// Identify requests by anonymous ID.
    var linkArrivals: [String: [Arrival]] = [:]
    /// Purchase requests by transaction ID.
    var purchaseArrivals: [String: [Arrival]] = [:]
    /// Every request that reached a route.
    var requestCount: Int
    /// Requests the emulator failed on purpose.
    var faultedCount: Int

    /// Reads `state` and `server`'s request log.
    init(state: VoidhashEmulatorState, server: EmulatorServer) {
        links = state.links
        purchases = state.purchases
        events = state.events
        let requests = server.requests()
        requestCount = requests.count
        faultedCount = requests.filter { $0.fault != nil }.count
        let decoder = JSONCoding.makeDecoder()
        for entry in requests where entry.fault == nil {
            let arrival = Arrival(
                sequence: entry.sequence, idempotencyKey: entry.request.header("Idempotency-Key") ?? "")
            switch entry.route {
            case VoidhashEmulator.routeName(for: .identify):
                if let body = try? entry.request.decodeJSON(IdentifyRequest.self, decoder: decoder) {
                    linkArrivals[body.anonymousId, default: []].append(arrival)
                }
            case VoidhashEmulator.routeName(for: .recordPurchase):
                if let body = try? entry.request.decodeJSON(PurchaseRecord.self, decoder: decoder) {
                    purchaseArrivals[body.transactionId, default: []].append(arrival)
                }
            default:
                continue
            }
        }
    }

    /// The stored purchases with `transactionId`.
    func purchases(transactionId: String) -> [VoidhashPurchaseEntry] {
        purchases.filter { $0.purchase.transactionId == transactionId }
    }

    /// The number of different queued items (idempotency keys) that carried `arrivals`.
    static func itemCount(_ arrivals: [Arrival]?) -> Int {
        Set((arrivals ?? []).map(\.idempotencyKey)).count
    }
}
