import Foundation
import SDKEmulator
@testable import SDKPersistence
import Testing
import VoidhashAPI

@testable import SDKRuntime
@testable import Voidhash

/// A disk that fills up while the app runs: the SDK says so once, keeps every later change in
/// memory (and delivers it in this launch), and the file keeps what was stored before.
@Suite("Delivery and storage: a full disk", .timeLimit(.minutes(3)))
struct VoidhashFullDiskTests {
    @Test func aFullDiskKeepsLaterChangesInMemoryAndDeliversThemInThisLaunch() async throws {
        try await withSDKHarness { harness in
            let voidhash = try harness.launch()
            harness.inject(.status(503, code: "INTERNAL", retryAfter: nil))
            _ = try await voidhash.identifyState(externalUserId: "user-full-disk")
            await voidhash.capture("stored_on_disk")

            // From here on the database file cannot grow (SQLITE_FULL, as from a full disk).
            let storage = await voidhash.core.storage
            try storage.database.access { (connection) throws(StorageError) in
                _ = try connection.query("PRAGMA max_page_count = 1")
            }
            let padding = String(repeating: "x", count: 2_000)
            for index in 0..<20 {
                await voidhash.capture(
                    "kept_in_memory", properties: ["index": .number(Double(index)), "pad": .string(padding)])
            }
            #expect(storage.isInMemory)
            #expect(harness.diagnosticCodes == [.storageUnavailable], "said once: \(harness.diagnosticCodes)")
            #expect(await voidhash.getDistinctId() == "user-full-disk", "the identity carries on")

            harness.server.clearFaults()
            await harness.retryDelivery(voidhash)
            #expect(await voidhash.pendingDeliveryCount() == 0)
            #expect(harness.state.links.values.contains("user-full-disk"))
            #expect(
                harness.capturedEvents.map(\.event) == ["stored_on_disk"]
                    + Array(repeating: "kept_in_memory", count: 20))
            await voidhash.shutdown()

            // The next launch finds the file as it was before the disk filled up: the identity,
            // and the writes stored then, which are sent again under the same idempotency keys and
            // applied once.
            let next = try harness.launch()
            #expect(await next.getDistinctId() == "user-full-disk")
            await next.flush()
            #expect(await next.pendingDeliveryCount() == 0)
            #expect(
                harness.capturedEvents.map(\.event) == ["stored_on_disk"]
                    + Array(repeating: "kept_in_memory", count: 20))
            await next.shutdown()
        }
    }
}
