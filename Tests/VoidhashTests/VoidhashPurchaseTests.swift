import Foundation
import SDKEmulator
import SDKPersistence
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// A purchase source whose store always fails.
private struct BrokenStore: PurchaseSource {
    struct Failure: Error {}
    func transactions() async throws -> [VoidhashStoreTransaction] { throw Failure() }
    func restoredTransactions() async throws -> [VoidhashStoreTransaction] { throw Failure() }
}

@Suite("Purchases", .timeLimit(.minutes(3)))
struct VoidhashPurchaseTests {
    @Test func syncPurchasesRecordsASimulatedPurchaseAndWaitsForTheRefresh() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let distinctId = await voidhash.getDistinctId()
            let transaction = harness.store.purchase(productId: "pro_monthly")
            let person = try await voidhash.syncPurchases()
            #expect(person?.hasActivePerk("premium") == true)
            #expect(person?.purchases.history.map(\.transactionId) == [transaction.transactionId])
            #expect(harness.state.purchases.map(\.distinctId) == [distinctId])
            let state = try await voidhash.getCurrentPersonState()
            #expect(state.reason == .fresh)
            #expect(harness.requests(.getPerson).isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func syncPurchasesDoesNotSendARecordedTransactionAgain() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.store.purchase(productId: "lifetime_boost")
            _ = try await voidhash.syncPurchases()
            let person = try await voidhash.syncPurchases()
            #expect(person?.hasActivePerk("boost") == true)
            #expect(harness.requests(.recordPurchase).count == 1)
            await voidhash.shutdown()
        }
    }

    @Test("transactions 0.2 recorded as synced are not sent again; the old record moves into the queue's once-table")
    func transactionsSyncedByAnEarlierVersionAreNotSentAgain() async throws {
        try await withSDKHarness { harness in
            let old = harness.store.purchase(productId: "lifetime_boost")
            let storage = try SDKStorage.open(directory: harness.directory, name: "voidhash-test")
            try storage.keyValues.set([old.transactionId], forKey: "voidhash.purchases.synced")
            storage.close()

            let voidhash = try harness.launch()
            let new = harness.store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            await voidhash.shutdown()
            let sent = harness.requests(.recordPurchase).compactMap {
                try? $0.request.decodeJSON(PurchaseRecord.self, decoder: JSONCoding.makeDecoder()).transactionId
            }
            #expect(sent == [new.transactionId])
            let reopened = try SDKStorage.open(directory: harness.directory, name: "voidhash-test")
            #expect(try reopened.keyValues.value([String].self, forKey: "voidhash.purchases.synced") == nil)
            #expect(try reopened.queue.isRecordedOnce("voidhash.purchase." + old.transactionId))
            reopened.close()
        }
    }

    @Test func restorePurchasesRecordsEveryTransactionForTheCurrentPerson() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.store.purchase(productId: "lifetime_boost")
            _ = try await voidhash.syncPurchases()
            try await voidhash.identify(externalUserId: "user_restore")
            let person = try await voidhash.restorePurchases()
            #expect(harness.requests(.recordPurchase).count == 2)
            #expect(person?.hasActivePerk("boost") == true)
            await voidhash.shutdown()
        }
    }

    @Test func aUserWhoBoughtAnonymouslyGetsAccessBackOnANewInstallByRestoringPurchases() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            harness.store.purchase(productId: "pro_monthly")
            #expect(try await first.syncPurchases()?.hasActivePerk("premium") == true)
            let buyer = await first.getDistinctId()
            await first.shutdown()

            // A new install: new storage, so a new anonymous ID; the same store account.
            let reinstalled = try Voidhash(
                publishableKey: VoidhashEmulator.testKey,
                options: harness.options(directory: harness.directory.appendingPathComponent("reinstalled")))
            let newId = await reinstalled.getDistinctId()
            #expect(newId != buyer)
            let synced = try await reinstalled.syncPurchases()
            #expect(synced?.hasActivePerk("premium") != true, "a sync records the known transaction, moving nothing")
            #expect(harness.state.person(buyer)?.activePerkSlugs == ["premium"])

            let restored = try await reinstalled.restorePurchases()
            #expect(restored?.hasActivePerk("premium") == true)
            #expect(try await reinstalled.getCurrentPerson(forceFetch: true)?.hasActivePerk("premium") == true)
            #expect(harness.state.person(buyer)?.activePerkSlugs == [], "the access moved with the purchase")
            #expect(harness.state.purchases.map(\.distinctId) == [newId])
            await reinstalled.shutdown()
        }
    }

    @Test func purchasesWaitAtMostTheRequestTimeoutAndAreSentLater() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.hold, into: .recordPurchase)
            harness.store.purchase(productId: "pro_monthly")
            let call = Task { try await voidhash.syncPurchases() }
            await harness.waitUntilHeld(.recordPurchase)
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: VoidhashConstants.requestTimeout)
            #expect(try await call.value == nil)
            harness.server.clearFaults()
            harness.release(.recordPurchase)
            await voidhash.flush()
            #expect(try await voidhash.getCurrentPerson()?.hasActivePerk("premium") == true)
            await voidhash.shutdown()
        }
    }

    @Test func aRefusedPurchaseIsDroppedWithPersonWriteRejected() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.state.addRejections(VoidhashRejections(purchaseDistinctIds: [await voidhash.getDistinctId()]))
            harness.store.purchase(productId: "pro_monthly")
            _ = try await voidhash.syncPurchases()
            #expect(harness.diagnosticCodes == [.personWriteRejected])
            #expect(await voidhash.pendingDeliveryCount() == 0)
            await voidhash.shutdown()
        }
    }

    @Test func aFailingStoreThrowsPurchaseSourceFailed() async throws {
        try await withSDKHarness { harness in
            var options = harness.options()
            options.purchaseSource = BrokenStore()
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            let sync = await voidhashError { try await voidhash.syncPurchases() }
            let restore = await voidhashError { try await voidhash.restorePurchases() }
            #expect(sync?.code == .purchaseSourceFailed)
            #expect(restore?.code == .purchaseSourceFailed)
            await voidhash.shutdown()
        }
    }

    @Test func simulatedPurchasesWithAProductionKeyAreWarnedAbout() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch(key: VoidhashEmulator.productionKey)
            harness.store.purchase(productId: "pro_monthly")
            let person = try await voidhash.syncPurchases()
            #expect(person?.hasActivePerk("premium") == false)
            #expect(harness.warnings.all.map(\.code) == [.simulatedPurchasesInProduction])
            await voidhash.shutdown()
        }
    }
}
