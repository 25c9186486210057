#if canImport(StoreKit)
    import Foundation
    import StoreKit
    import VoidhashAPI

    /// The App Store as a purchase source: StoreKit 2 transactions that StoreKit verified.
    public struct StoreKitPurchaseSource: PurchaseSource {
        /// The App Store source.
        public init() {}

        /// The verified transactions that currently entitle the user (`currentEntitlements`).
        public func transactions() async throws -> [VoidhashStoreTransaction] {
            await Self.collect(Transaction.currentEntitlements)
        }

        /// Syncs with the App Store (may ask the user to sign in), then every verified transaction
        /// that was not refunded or revoked. When the sync fails (the user cancelled, or the device
        /// is offline, where StoreKit reports `userCancelled` too), the transactions the device
        /// already has are returned; the sync's error is thrown only when there are none.
        public func restoredTransactions() async throws -> [VoidhashStoreTransaction] {
            try await StoreRestore.transactions(
                sync: { try await AppStore.sync() }, collect: { await Self.collect(Transaction.all) })
        }

        private static func collect(_ results: Transaction.Transactions) async -> [VoidhashStoreTransaction] {
            var collected: [VoidhashStoreTransaction] = []
            for await result in results {
                // `Transaction.all` includes refunded and revoked transactions; they grant nothing.
                guard case .verified(let transaction) = result, transaction.revocationDate == nil else { continue }
                collected.append(
                    VoidhashStoreTransaction(
                        productId: transaction.productID, transactionId: String(transaction.id),
                        environment: environment(of: transaction),
                        purchasedAt: transaction.purchaseDate))
            }
            return collected
        }

        private static func environment(of transaction: Transaction) -> PurchaseEnvironment {
            switch transaction.environment {
            case .production: .production
            case .sandbox: .sandbox
            case .xcode: .testMode
            default: .unknown(transaction.environment.rawValue)
            }
        }
    }
#endif
