import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// Records the store's transactions not recorded before for the identity of now, then waits
    /// (at most the request timeout) for their delivery and the person refresh. The store is
    /// asked outside the call's turn: it may take long (a restore can ask the user to sign in).
    func syncPurchases() -> CallStep<VoidhashPerson?> {
        followSharedStorage()
        return purchases(restoring: false)
    }

    /// Brings the store up to date and records every transaction for the identity of now, then
    /// waits (at most the request timeout) for their delivery and the person refresh.
    func restorePurchases() -> CallStep<VoidhashPerson?> {
        followSharedStorage()
        return purchases(restoring: true)
    }

    private func purchases(restoring: Bool) -> CallStep<VoidhashPerson?> {
        let buyer = identity
        return .waiting {
            do throws(VoidhashError) {
                let transactions = try await self.storeTransactions(restoring: restoring)
                return .success(await self.record(transactions, for: buyer, evenIfRecorded: restoring))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The key under which a transaction is recorded as queued once (`DeliveryQueue`'s
    /// once-table): `syncPurchases` queues each transaction ID once, across relaunches and
    /// processes, since queueing it and recording it are one transaction.
    static func onceKey(transactionId: String) -> String { "voidhash.purchase." + transactionId }

    /// The purchase source's transactions; its failure becomes `PURCHASE_SOURCE_FAILED`.
    private func storeTransactions(restoring: Bool) async throws(VoidhashError) -> [VoidhashStoreTransaction] {
        do {
            return restoring
                ? try await purchaseSource.restoredTransactions() : try await purchaseSource.transactions()
        } catch {
            throw VoidhashError(code: .purchaseSourceFailed, message: "The purchase source failed: \(error).")
        }
    }

    /// Queues `transactions` for `buyer` behind any identity link (those recorded before only
    /// when `evenIfRecorded`), waits for them and the refresh.
    private func record(
        _ transactions: [VoidhashStoreTransaction], for buyer: IdentityRecord, evenIfRecorded: Bool
    ) async -> VoidhashPerson? {
        var ids: [QueueItemID] = []
        for transaction in transactions {
            let record = PurchaseRecord(
                distinctId: buyer.distinctId, productId: transaction.productId,
                transactionId: transaction.transactionId, environment: transaction.environment,
                purchasedAt: transaction.purchasedAt, restored: evenIfRecorded ? true : nil)
            // Not queued: recorded before, or storage failed (reported; offered again next time).
            guard
                let id = enqueue(
                    .purchase(record, epoch: buyer.epoch),
                    onceKey: Self.onceKey(transactionId: transaction.transactionId), evenIfRecorded: evenIfRecorded)
            else { continue }
            ids.append(id)
        }
        guard !ids.isEmpty else {
            _ = await awaitRefresh(within: VoidhashConstants.requestTimeout)
            return person
        }
        let outcomes = await awaitOutcomes(of: ids, kind: .purchase)(VoidhashConstants.requestTimeout)
        for case .rejected? in outcomes {
            reporter.diagnose(.personWriteRejected, "Voidhash refused a purchase; it was dropped.")
        }
        return person
    }
}
