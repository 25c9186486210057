import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

@Suite("Restart", .timeLimit(.minutes(3)))
struct VoidhashRestartTests {
    @Test func aLinkStoredOfflineIsDeliveredAfterARestartBeforeAPurchaseQueuedAfterIt() async throws {
        try await withSDKHarness { harness in
            harness.inject(.dropConnection)
            let first = try harness.launch()
            let anonymousId = await first.getDistinctId()
            #expect(try await first.identifyState(externalUserId: "user_restart").status == .deferred)
            await first.shutdown()

            let second = try harness.launch()
            #expect(await second.getDistinctId() == "user_restart")
            harness.store.purchase(productId: "pro_monthly")
            _ = try await second.syncPurchases()
            #expect(await second.pendingDeliveryCount() == 2)
            #expect(harness.state.links.isEmpty)

            harness.server.clearFaults()
            await harness.retryDelivery(second)
            #expect(await second.pendingDeliveryCount() == 0)
            let delivered = harness.server.requests().filter { $0.fault == nil }
            let link = try #require(delivered.first { $0.route == "identify" })
            let purchase = try #require(delivered.first { $0.route == "recordPurchase" })
            #expect(link.sequence < purchase.sequence)
            #expect(harness.state.links[anonymousId] == "user_restart")
            #expect(harness.state.purchases.map(\.distinctId) == ["user_restart"])
            #expect(try await second.getCurrentPerson()?.hasActivePerk("premium") == true)
            await second.shutdown()
        }
    }

    /// The storage folder reached through symbolic links, as on Apple platforms, where `/var`
    /// and `/tmp` are links to `/private`: the user, the queued work and the anonymous ID stay
    /// across launches, and both paths name one storage.
    @Test func aStorageFolderReachedThroughALinkKeepsTheUserAcrossLaunches() async throws {
        try await withSDKHarness { harness in
            let links = FileManager.default.temporaryDirectory.appendingPathComponent("vh-links-\(UUID())")
            try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: links) }
            try FileManager.default.createDirectory(at: harness.directory, withIntermediateDirectories: true)
            let linkedFolder = links.appendingPathComponent("folder")
            let linkedParent = links.appendingPathComponent("parent")
            #expect(symlink(harness.directory.path, linkedFolder.path) == 0)
            #expect(symlink(harness.directory.deletingLastPathComponent().path, linkedParent.path) == 0)
            let throughParent = linkedParent.appendingPathComponent(harness.directory.lastPathComponent)

            harness.inject(.dropConnection)
            let first = try Voidhash(
                publishableKey: VoidhashEmulator.testKey, options: harness.options(directory: linkedFolder))
            let anonymousId = await first.getDistinctId()
            #expect(try await first.identifyState(externalUserId: "user_linked").status == .deferred)
            await first.shutdown()

            for folder in [throughParent, linkedFolder, harness.directory] {
                let relaunched = try Voidhash(
                    publishableKey: VoidhashEmulator.testKey, options: harness.options(directory: folder))
                #expect(await relaunched.getDistinctId() == "user_linked", "\(folder.path)")
                #expect(await relaunched.pendingDeliveryCount() == 1, "the link is still queued")
                await relaunched.shutdown()
            }
            #expect(!harness.diagnosticCodes.contains(.storageUnavailable))
            harness.server.clearFaults()
            let last = try harness.launch()
            await harness.retryDelivery(last)
            #expect(harness.state.links[anonymousId] == "user_linked")
            await last.shutdown()
        }
    }

    /// Buys `lifetime_boost` and signs in as `userId` while Voidhash answers 503, so the
    /// purchase and then the link wait in the queue; Voidhash is reachable again afterwards.
    private static func buyThenSignInWhileUnreachable(
        _ harness: SDKHarness, _ voidhash: Voidhash, as userId: String
    ) async throws {
        harness.inject(.status(503, code: "INTERNAL"))
        harness.store.purchase(productId: "lifetime_boost")
        _ = try await voidhash.syncPurchases()
        _ = try await voidhash.identifyState(externalUserId: userId)
        harness.server.clearFaults()
    }

    /// A folder left where SQLite keeps its shared-memory index: the index is rebuilt, so the
    /// relaunch keeps the user, the queued work and the database, and says what it moved.
    @Test func aRelaunchBesideAnIndexThatIsNotAFileKeepsTheUser() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            try await first.identify(externalUserId: "user_kept")
            await first.shutdown()
            let index = harness.directory.appendingPathComponent("voidhash-test.sqlite-shm")
            try? FileManager.default.removeItem(at: index)
            try FileManager.default.createDirectory(at: index, withIntermediateDirectories: false)

            let relaunched = try harness.launch()
            #expect(await relaunched.getDistinctId() == "user_kept")
            #expect(harness.diagnosticCodes == [.storageRecovered])
            await relaunched.shutdown()
        }
    }

    @Test func queuedLinksGoBeforeQueuedPurchases() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            let anonymousId = await voidhash.getDistinctId()
            try await Self.buyThenSignInWhileUnreachable(harness, voidhash, as: "user_order")
            await harness.retryDelivery(voidhash)
            let delivered = harness.server.requests().filter { $0.fault == nil }.compactMap(\.route)
            #expect(delivered.firstIndex(of: "identify") ?? .max < delivered.firstIndex(of: "recordPurchase") ?? -1)
            #expect(harness.state.links[anonymousId] == "user_order")
            #expect(harness.state.person("user_order")?.activePerkSlugs == ["boost"])
            #expect(try await voidhash.getCurrentPerson(forceFetch: false)?.hasActivePerk("boost") == true)
            await voidhash.shutdown()
        }
    }

    @Test("a purchase answered after the user signed in makes the signed-in person stale, also after a relaunch")
    func aPurchaseFromBeforeSigningInLeavesThePersonStaleAcrossARelaunch() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            try await Self.buyThenSignInWhileUnreachable(harness, voidhash, as: "user_outdated")
            // The link goes first and its answer is cached; the purchase made before it answers
            // for the earlier identity, so the signed-in person is out of date until fetched.
            harness.inject(.status(503, code: "INTERNAL"), into: .getPerson)
            await harness.retryDelivery(voidhash)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            let before = try await voidhash.getCurrentPersonState()
            #expect(before.isStale)
            await voidhash.shutdown()

            let relaunched = try harness.launch()
            let after = try await relaunched.getCurrentPersonState()
            #expect(after.isStale, "the stored snapshot is marked out of date")
            harness.server.clearFaults()
            let fetched = try await relaunched.getCurrentPersonState()
            #expect(!fetched.isStale)
            #expect(fetched.value?.hasActivePerk("boost") == true)
            await relaunched.shutdown()
        }
    }

    @Test("a consent the app sets is the consent of the next launch that does not set one")
    func theAnalyticsConsentIsStoredForTheNextLaunch() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            await first.setAnalyticsConsent(.denied)
            await first.shutdown()
            let second = try harness.launch()
            #expect(await second.analyticsConsent() == .denied)
            await second.setAnalyticsConsent(.pending)
            await second.shutdown()
            let third = try harness.launch()
            #expect(await third.analyticsConsent() == .pending)
            await third.shutdown()
        }
    }

    @Test(
        "a relaunch before the sign-in link is applied keeps the anonymous snapshot, marked stale, and fetches no person before the link"
    )
    func aRelaunchBeforeTheLinkIsAppliedKeepsTheSnapshotAndWaitsForTheLink() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            harness.store.purchase(productId: "pro_monthly")
            #expect(try await first.syncPurchases()?.hasActivePerk("premium") == true)
            harness.inject(.dropConnection)
            #expect(try await first.identifyState(externalUserId: "user_link_relaunch").status == .deferred)
            await first.shutdown()

            let second = try harness.launch()
            let state = try await second.getCurrentPersonState()
            #expect(state.isStale)
            #expect(state.value?.hasActivePerk("premium") == true, "the anonymous person's snapshot is kept")
            #expect(harness.requests(.getPerson).isEmpty, "a fetch before the link would miss the anonymous history")
            await second.shutdown()
        }
    }
}
