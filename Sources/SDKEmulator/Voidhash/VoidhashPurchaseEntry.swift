import VoidhashAPI

/// One stored purchase and the person who holds it now (after any identify merge).
public struct VoidhashPurchaseEntry: Codable, Sendable, Hashable {
    /// The distinct ID of the person holding the purchase.
    public var distinctId: String
    /// The purchase.
    public var purchase: Purchase

    /// An entry with every part spelled out.
    public init(distinctId: String, purchase: Purchase) {
        self.distinctId = distinctId
        self.purchase = purchase
    }
}
