#if canImport(StoreKit)
    import Foundation
    import StoreKit
    import VoidhashAPI

    /// The App Store as a purchase source: StoreKit 2 transactions that StoreKit verified.
    public struct StoreKitPurchaseSource: PurchaseSource {
        /// The App Store source.
        public init() {}

        /// The verified transactions that currently entitle the user.
        public func transactions() async throws -> [VoidhashStoreTransaction] {
            await Self.collect(Transaction.currentEntitlements)
        }

        /// Syncs with the App Store (may ask the user to sign in), then every verified transaction.
        public func restoredTransactions() async throws -> [VoidhashStoreTransaction] {
            try await AppStore.sync()
            return await Self.collect(Transaction.all)
        }

        private static func collect(_ results: Transaction.Transactions) async -> [VoidhashStoreTransaction] {
            var collected: [VoidhashStoreTransaction] = []
            for await result in results {
                guard case .verified(let transaction) = result else { continue }
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
