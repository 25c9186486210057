import Foundation
import Synchronization
import VoidhashAPI

/// A purchase source without a store, for test keys, previews and tests: `purchase(productId:)`
/// makes a simulated transaction that `syncPurchases()` and `restorePurchases()` then record.
///
/// Simulated purchases unlock perks only with a test key (`vh_pk_test_...`).
public final class SimulatedPurchaseSource: PurchaseSource {
    private let state: Mutex<[VoidhashStoreTransaction]>
    private let clock: any SDKClock

    /// A source holding `transactions`, dating new purchases with `clock`.
    public init(transactions: [VoidhashStoreTransaction] = [], clock: any SDKClock = SystemClock()) {
        state = Mutex(transactions)
        self.clock = clock
    }

    /// Makes a simulated purchase of `productId` and returns its transaction.
    @discardableResult
    public func purchase(
        productId: String, environment: PurchaseEnvironment = .simulated
    ) -> VoidhashStoreTransaction {
        let transaction = VoidhashStoreTransaction(
            productId: productId, transactionId: "sim_" + IdentifierBody.randomUUID(),
            environment: environment, purchasedAt: clock.now())
        state.withLock { $0.append(transaction) }
        return transaction
    }

    /// Every simulated transaction, oldest first.
    public func transactions() async throws -> [VoidhashStoreTransaction] {
        state.withLock { $0 }
    }

    /// Every simulated transaction, oldest first (there is no store to bring up to date).
    public func restoredTransactions() async throws -> [VoidhashStoreTransaction] {
        state.withLock { $0 }
    }
}
