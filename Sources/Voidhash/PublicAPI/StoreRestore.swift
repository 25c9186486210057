/// How a restore combines the store's sync with the transactions the device already has.
///
/// `AppStore.sync()` asks the user to sign in and throws when they cancel, and throws
/// `userCancelled` offline too. The transactions StoreKit already holds are still worth
/// recording then, so the sync's failure is thrown only when there is nothing to record.
enum StoreRestore {
    /// Runs `sync`, then `collect`; when `sync` throws, what `collect` finds, or the sync's error
    /// when it finds nothing.
    static func transactions(
        sync: () async throws -> Void, collect: () async -> [VoidhashStoreTransaction]
    ) async throws -> [VoidhashStoreTransaction] {
        do {
            try await sync()
        } catch {
            let known = await collect()
            guard !known.isEmpty else { throw error }
            return known
        }
        return await collect()
    }
}
