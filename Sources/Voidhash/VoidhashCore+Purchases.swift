import Foundation
import SDKPersistence
import SDKRuntime
import VoidhashAPI

extension VoidhashCore {
    /// Records the store's transactions not recorded before, then waits (at most the request
    /// timeout) for their delivery and the person refresh.
    func syncPurchases() async throws(VoidhashError) -> VoidhashPerson? {
        let transactions = try await storeTransactions(restoring: false)
        let synced = Set(
            (try? storage.keyValues.value([String].self, forKey: StoreKeys.syncedTransactions)) ?? [])
        return await record(transactions.filter { !synced.contains($0.transactionId) })
    }

    /// Brings the store up to date and records every transaction for the current person, then
    /// waits (at most the request timeout) for their delivery and the person refresh.
    func restorePurchases() async throws(VoidhashError) -> VoidhashPerson? {
        await record(try await storeTransactions(restoring: true))
    }

    /// The purchase source's transactions; its failure becomes `PURCHASE_SOURCE_FAILED`.
    private func storeTransactions(restoring: Bool) async throws(VoidhashError) -> [VoidhashStoreTransaction] {
        do {
            return restoring
                ? try await purchaseSource.restoredTransactions() : try await purchaseSource.transactions()
        } catch {
            throw VoidhashError(code: .purchaseSourceFailed, message: "The purchase source failed: \(error).")
        }
    }

    /// Queues `transactions` behind any identity link, waits for them and the refresh.
    private func record(_ transactions: [VoidhashStoreTransaction]) async -> VoidhashPerson? {
        var waits: [(QueueItemID, OutcomeWait<ItemOutcome>)] = []
        var queued: [String] = []
        for transaction in transactions {
            let record = PurchaseRecord(
                distinctId: identity.distinctId, productId: transaction.productId,
                transactionId: transaction.transactionId, environment: transaction.environment,
                purchasedAt: transaction.purchasedAt)
            guard let id = enqueue(.purchase(record, epoch: identity.epoch)) else { continue }
            queued.append(transaction.transactionId)
            let wait = OutcomeWait<ItemOutcome>()
            itemWaits[id] = wait
            waits.append((id, wait))
        }
        // Only what was queued counts as synced: a transaction that could not be stored is
        // offered again by the next sync.
        rememberSynced(queued)
        guard !waits.isEmpty else {
            _ = await awaitRefresh(within: VoidhashConstants.requestTimeout)
            return person
        }
        kickDelivery()
        let pending = waits.map(\.1)
        _ = try? await withDeadline(VoidhashConstants.requestTimeout, clock: clock) {
            for wait in pending { _ = await wait.outcome() }
        }
        for (id, wait) in waits {
            itemWaits[id] = nil
            wait.expire()
            if case .rejected?? = wait.decision {
                reporter.diagnose(.personWriteRejected, "Voidhash refused a purchase; it was dropped.")
            }
        }
        return person
    }

    private func rememberSynced(_ transactionIds: [String]) {
        guard !transactionIds.isEmpty else { return }
        do throws(StorageError) {
            let known = try storage.keyValues.value([String].self, forKey: StoreKeys.syncedTransactions) ?? []
            let merged = known + transactionIds.filter { !known.contains($0) }
            try storage.keyValues.set(merged, forKey: StoreKeys.syncedTransactions)
        } catch {
            reporter.diagnose(.storageWriteFailed, "Could not store the synced purchases (\(error)).")
        }
    }
}
