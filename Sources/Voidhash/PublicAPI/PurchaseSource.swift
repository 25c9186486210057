import Foundation
import VoidhashAPI

/// Where the SDK learns about the user's store purchases: StoreKit on Apple platforms, a
/// `SimulatedPurchaseSource` with test keys and in tests.
public protocol PurchaseSource: Sendable {
    /// The transactions the store currently knows for this user, without asking the user to
    /// sign in (what `syncPurchases()` records).
    func transactions() async throws -> [VoidhashStoreTransaction]
    /// Brings the store's records up to date (this may ask the user to sign in to the store) and
    /// returns every transaction (what `restorePurchases()` records).
    func restoredTransactions() async throws -> [VoidhashStoreTransaction]
}

/// One store transaction, as the SDK records it with Voidhash.
public struct VoidhashStoreTransaction: Sendable, Hashable, Codable {
    /// The store's product ID, such as `pro_monthly`.
    public var productId: String
    /// The store's transaction ID; Voidhash records each once.
    public var transactionId: String
    /// Which store environment the purchase was made in.
    public var environment: PurchaseEnvironment
    /// When it was bought (the store's date).
    public var purchasedAt: Date

    /// A transaction with every part spelled out.
    public init(
        productId: String, transactionId: String, environment: PurchaseEnvironment, purchasedAt: Date
    ) {
        self.productId = productId
        self.transactionId = transactionId
        self.environment = environment
        self.purchasedAt = purchasedAt
    }
}
