import Foundation
import Synchronization
import Voidhash

/// A store whose transactions the driver adds one by one, with IDs it chose (`tx-<seed>-<n>`),
/// so the harness can find each purchase on the emulator.
final class DriverPurchaseSource: PurchaseSource {
    private let transactions = Mutex<[VoidhashStoreTransaction]>([])

    /// Adds a purchase of `productId` with `transactionId`.
    func add(transactionId: String, productId: String) {
        let transaction = VoidhashStoreTransaction(
            productId: productId, transactionId: transactionId, environment: .simulated, purchasedAt: Date())
        transactions.withLock { $0.append(transaction) }
    }

    /// Every transaction added so far.
    func transactions() async throws -> [VoidhashStoreTransaction] {
        transactions.withLock { $0 }
    }

    /// Every transaction added so far.
    func restoredTransactions() async throws -> [VoidhashStoreTransaction] {
        transactions.withLock { $0 }
    }
}
