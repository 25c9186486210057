import Foundation

/// A product the emulator's catalog knows, and the perk buying it grants.
///
/// A product with `subscriptionDays` is a subscription: a purchase starts a `VoidhashSubscription` and
/// grants the perk until `purchasedAt` plus that many days. Without it, the product is a one-time
/// purchase granting the perk with no end. Products missing from the catalog grant nothing.
public struct VoidhashCatalogProduct: Codable, Sendable, Hashable {
    /// The store's product ID, such as `pro_monthly`.
    public var productId: String
    /// The slug of the perk it grants, such as `premium`.
    public var perkSlug: String
    /// The perk's internal ID (not the slug), such as `perk_premium`.
    public var perkId: String
    /// The length of one subscription period in days; `nil` for a one-time purchase.
    public var subscriptionDays: Int?

    /// A product with every part spelled out; `perkId` defaults to `perk_<perkSlug>`.
    public init(productId: String, perkSlug: String, perkId: String? = nil, subscriptionDays: Int? = nil) {
        self.productId = productId
        self.perkSlug = perkSlug
        self.perkId = perkId ?? "perk_\(perkSlug)"
        self.subscriptionDays = subscriptionDays
    }

    /// `pro_monthly`: a subscription granting `premium` for 30 days.
    public static let proMonthly = VoidhashCatalogProduct(
        productId: "pro_monthly", perkSlug: "premium", subscriptionDays: 30)

    /// `lifetime_boost`: a one-time purchase granting `boost` with no end.
    public static let lifetimeBoost = VoidhashCatalogProduct(productId: "lifetime_boost", perkSlug: "boost")

    /// The catalog a new or reset emulator starts with.
    public static let defaultCatalog: [VoidhashCatalogProduct] = [proMonthly, lifetimeBoost]
}
