import Foundation
import SDKDateTimeText
import SDKRuntime
import VoidhashAPI

extension VoidhashStore {
    /// Stores a purchase for the person `record.distinctId` stands for (created if needed),
    /// once per `transactionId`, and grants the catalog's perk when the purchase's environment
    /// counts for the key's environment. A `restored` record of a transaction another person
    /// holds moves it to this person, with its access (`transfer(_:to:key:)`).
    mutating func recordPurchase(_ record: PurchaseRecord, key: VoidhashEnvironment, now: Date)
        throws(VoidhashEmulatorError) -> Person
    {
        try Self.checkDistinctId(record.distinctId)
        guard TextChecks.containsNonWhitespace(record.productId) else {
            throw .invalidArgument("productId must not be blank.")
        }
        guard TextChecks.containsNonWhitespace(record.transactionId) else {
            throw .invalidArgument("transactionId must not be blank.")
        }
        let owner = owner(of: record.distinctId)
        guard rejections.purchaseDistinctIds.isDisjoint(with: [record.distinctId, owner]) else {
            throw .personWriteRejected("Voidhash refused purchases for this person.")
        }
        var person = personOrNew(owner)
        if let known = purchaseLog.first(where: { $0.transactionId == record.transactionId }) {
            if record.restored == true { transfer(known, to: owner, key: key) }
            return personOrNew(owner).snapshot(requestedId: record.distinctId, now: now)
        }
        let purchase = Purchase(
            id: makeID(prefix: "pur"), productId: record.productId, transactionId: record.transactionId,
            environment: record.environment, purchasedAt: record.purchasedAt)
        person.purchases.append(purchase)
        purchaseLog.append(purchase)
        if VoidhashKeyEnvironment.counts(record.environment, for: key),
            let product = catalog.first(where: { $0.productId == record.productId })
        {
            grant(product, for: purchase, to: &person)
        }
        people[owner] = person
        return person.snapshot(requestedId: record.distinctId, now: now)
    }

    /// Moves `purchase`, and the access it granted, from the person who holds it to `owner`: a
    /// restore on a new install gives the store account's buyer access back. Nothing moves when
    /// `owner` holds it already.
    private mutating func transfer(_ purchase: Purchase, to owner: String, key: VoidhashEnvironment) {
        guard let holder = people.first(where: { $0.value.purchases.contains { $0.id == purchase.id } })?.key,
            holder != owner, var previous = people[holder]
        else { return }
        let subscriptions = Set(
            previous.subscriptions.filter { $0.productId == purchase.productId && $0.startedAt == purchase.purchasedAt }
                .map(\.id))
        previous.purchases.removeAll { $0.id == purchase.id }
        previous.subscriptions.removeAll { subscriptions.contains($0.id) }
        previous.grants.removeAll { $0.sourceId == purchase.id || subscriptions.contains($0.sourceId) }
        people[holder] = previous
        var person = personOrNew(owner)
        person.purchases.append(purchase)
        if VoidhashKeyEnvironment.counts(purchase.environment, for: key),
            let product = catalog.first(where: { $0.productId == purchase.productId })
        {
            grant(product, for: purchase, to: &person)
        }
        people[owner] = person
    }

    /// Gives `person` the perk of `product`: a subscription and its grant for subscription
    /// products, a grant without end for one-time products.
    private mutating func grant(
        _ product: VoidhashCatalogProduct, for purchase: Purchase, to person: inout VoidhashStoredPerson
    ) {
        guard let days = product.subscriptionDays else {
            person.grants.append(
                EntitlementGrant(
                    perkSlug: product.perkSlug, perkId: product.perkId, status: .active, source: .purchase,
                    sourceId: purchase.id))
            return
        }
        // Bought in the last days of year 9999, it ends with it: the contract's dates (RFC 3339)
        // go no further, and a later one would reach clients as text they cannot read.
        let expiresAt = min(
            purchase.purchasedAt.addingTimeInterval(TimeInterval(days) * 86_400), DateTimeText.lastRFC3339Date)
        let subscription = VoidhashSubscription(
            id: makeID(prefix: "sub"), productId: product.productId, status: .active,
            startedAt: purchase.purchasedAt, expiresAt: expiresAt)
        person.subscriptions.append(subscription)
        person.grants.append(
            EntitlementGrant(
                perkSlug: product.perkSlug, perkId: product.perkId, status: .active, source: .subscription,
                sourceId: subscription.id, expiresAt: expiresAt))
    }

    /// Every stored purchase in arrival order, with the person who holds it now.
    var purchaseEntries: [VoidhashPurchaseEntry] {
        var holders: [String: String] = [:]
        for (distinctId, person) in people {
            for purchase in person.purchases { holders[purchase.id] = distinctId }
        }
        return purchaseLog.map { VoidhashPurchaseEntry(distinctId: holders[$0.id] ?? "", purchase: $0) }
    }
}
