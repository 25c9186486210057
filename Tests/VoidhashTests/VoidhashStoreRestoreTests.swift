import Foundation
import Testing
import VoidhashAPI

@testable import Voidhash

/// `restorePurchases()` on StoreKit: `AppStore.sync()` throws when the user cancels the sign-in
/// and offline; the transactions the device already has are recorded all the same.
@Suite("Purchases: restoring when the store sync fails", .timeLimit(.minutes(3)))
struct VoidhashStoreRestoreTests {
    private struct SyncFailed: Error {}

    private static let known = [
        VoidhashStoreTransaction(
            productId: "pro_monthly", transactionId: "2000000123", environment: .sandbox,
            purchasedAt: Date(timeIntervalSince1970: 1_790_000_000))
    ]

    @Test func aFailedStoreSyncStillRecordsTheTransactionsTheDeviceHas() async throws {
        let restored = try await StoreRestore.transactions(sync: { throw SyncFailed() }, collect: { Self.known })
        #expect(restored == Self.known)
    }

    @Test func aFailedStoreSyncWithNothingOnTheDeviceThrowsTheSyncError() async {
        await #expect(throws: SyncFailed.self) {
            _ = try await StoreRestore.transactions(sync: { throw SyncFailed() }, collect: { [] })
        }
    }

    @Test func aSuccessfulSyncCollectsAfterwards() async throws {
        var order: [String] = []
        let restored = try await StoreRestore.transactions(
            sync: { order.append("sync") },
            collect: {
                order.append("collect")
                return []
            })
        #expect(restored.isEmpty)
        #expect(order == ["sync", "collect"])
    }
}
