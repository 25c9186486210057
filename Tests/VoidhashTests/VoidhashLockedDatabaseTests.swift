import Foundation
import SDKEmulator
import SDKPersistence
import SDKRuntime
import TestSupport
import Testing
import VoidhashAPI

@testable import Voidhash

/// A database that exists but cannot be read for now (before the device's first unlock after a
/// restart) is waited for: never moved aside, never replaced by a new anonymous ID.
///
/// The tests run as root, which opens any file whatever its mode, so the locked device is a
/// locked `DataProtectionGate`, driven by hand or by the protected-data notifications.
@Suite("Storage: a database that cannot be read for now is kept", .timeLimit(.minutes(3)))
struct VoidhashLockedDatabaseTests {
    @Test func aDatabaseThatCannotBeReadForNowIsNeverMovedAsideNorReplacedByANewAnonymousID() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            let stored = await first.getDistinctId()
            await first.shutdown()
            let files = try FileManager.default.contentsOfDirectory(atPath: harness.directory.path).sorted()

            var options = harness.options()
            let gate = DataProtectionGate(isAvailable: false)
            options.dataProtection = gate
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            let distinctId = Task { await voidhash.getDistinctId() }
            #expect(await voidhash.groups == [:])
            #expect(voidhash.progress.core == nil, "storage is not opened while protected data is unavailable")
            #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory.path).sorted() == files)

            gate.unlock()
            #expect(await distinctId.value == stored)
            #expect(!harness.diagnosticCodes.contains(.storageRecovered), "nothing was moved aside")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
                    .filter { $0.contains("corrupt") }.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test func theProtectedDataNotificationsHoldChangesUntilTheUnlock() async throws {
        try await withSDKHarness { harness in
            let center = NotificationCenter()
            let willLock = Notification.Name("test.protectedDataWillBecomeUnavailable")
            let didUnlock = Notification.Name("test.protectedDataDidBecomeAvailable")
            var options = harness.options()
            options.dataProtection = DataProtectionGate(
                following: ProtectedDataNotifications(
                    center: center, willBecomeUnavailable: willLock, didBecomeAvailable: didUnlock))
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            await voidhash.group(type: "company", key: "acme")

            center.post(name: willLock, object: nil)
            #expect(await eventually { !voidhash.dataProtection.isAvailable })
            let change = Task { await voidhash.group(type: "team", key: "design") }
            #expect(await eventually { voidhash.pendingOrderedCalls == 1 }, "the change waits for the unlock")

            center.post(name: didUnlock, object: nil)
            await change.value
            #expect(await voidhash.groups == ["company": "acme", "team": "design"])
            await voidhash.shutdown()
        }
    }
}
