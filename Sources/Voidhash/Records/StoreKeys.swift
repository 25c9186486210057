/// The keys under which the SDK keeps its values in the `KeyValueStore`.
enum StoreKeys {
    /// The current identity (`IdentityRecord`).
    static let identity = "voidhash.identity"
    /// The cached person of the current identity (`PersonCacheRecord`).
    static let person = "voidhash.person"
    /// The install record (`InstallRecord`); survives sign-out.
    static let install = "voidhash.install"
    /// The analytics consent (`VoidhashAnalyticsConsent`); survives sign-out.
    static let consent = "voidhash.consent"
    /// Every group type the project used on this install (`[String]`, at most
    /// `VoidhashConstants.maxGroupTypes`); survives sign-out.
    static let groupTypes = "voidhash.groups.types"
    /// Transaction IDs queued by `syncPurchases()` before 0.3 (`[String]`); a launch moves them
    /// into the queue's once-table (`VoidhashCore.onceKey(transactionId:)`) and removes this value.
    static let syncedTransactions = "voidhash.purchases.synced"
}
