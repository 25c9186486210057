import Foundation
import SDKEmulator
import SDKPersistence
import SDKRuntime
import Testing
import VoidhashAPI

@testable import Voidhash

/// Before the device's first unlock after a restart, the stored identity cannot be read.
@Suite("Groups: locked storage", .timeLimit(.minutes(1)))
struct VoidhashGroupsLockedStorageTests {
    @Test func beforeTheFirstUnlockGroupsIsEmptyAndGroupCallsWaitForTheStoredIdentityInCallOrder() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            await first.group(type: "company", key: "acme")
            await first.shutdown()
            let sentBefore = harness.requests(.captureEvents).count

            var options = harness.options()
            let gate = DataProtectionGate(isAvailable: false)
            options.dataProtection = gate
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            #expect(await voidhash.groups == [:])
            let calls: [@Sendable () async -> Void] = [
                { await voidhash.group(type: "team", key: "acme-design") },
                { await voidhash.capture("in_team") },
                { await voidhash.setGroups(["company": "globex", "team": "acme-design"]) },
                { await voidhash.capture("in_globex") },
                { await voidhash.resetGroups() },
                { await voidhash.capture("in_none") },
                { await voidhash.group(type: "project", key: "apollo") },
                { await voidhash.capture("in_project") },
            ]
            var tasks: [Task<Void, Never>] = []
            for (index, call) in calls.enumerated() {
                tasks.append(Task { await call() })
                // The next call is made only once this one has been called (and waits).
                #expect(await eventually { voidhash.pendingOrderedCalls > index })
            }
            #expect(await voidhash.groups == [:])
            #expect(voidhash.pendingOrderedCalls == calls.count)
            #expect(harness.requests(.captureEvents).count == sentBefore)

            gate.unlock()
            for task in tasks { await task.value }
            #expect(await voidhash.groups == ["project": "apollo"])
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme"), identify("team", "acme-design"), identify("company", "globex"),
                    identify("project", "apollo"),
                ])
            #expect(harness.capturedEvents.map(\.event) == ["in_team", "in_globex", "in_none", "in_project"])
            #expect(
                harness.capturedEvents.map(\.groups) == [
                    ["company": "acme", "team": "acme-design"], ["company": "globex", "team": "acme-design"], nil,
                    ["project": "apollo"],
                ])
            await voidhash.shutdown()
        }
    }

    @Test func onceUnlockedGroupsReadsTheStoredGroups() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            await first.group(type: "company", key: "acme")
            await first.shutdown()

            var options = harness.options()
            let gate = DataProtectionGate(isAvailable: false)
            options.dataProtection = gate
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            #expect(await voidhash.groups == [:])
            gate.unlock()
            #expect(await voidhash.groups == ["company": "acme"])
            await voidhash.shutdown()
        }
    }
}
