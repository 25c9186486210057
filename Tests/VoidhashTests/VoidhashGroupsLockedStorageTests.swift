import Foundation
import SDKEmulator
import SDKRuntime
import Synchronization
import TestSupport
import Testing
import VoidhashAPI

@testable import SDKPersistence
@testable import Voidhash

/// Before the device's first unlock after a restart, the stored identity cannot be read: the
/// gate is locked, or (a background launch, which no notification announces) the gate is open
/// and the database file refuses to open.
@Suite("Groups: locked storage", .timeLimit(.minutes(3)))
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

    @Test
    func groupsIsEmptyAndGroupCallsWaitInCallOrderWhileTheDatabaseCannotBeReadForNowThoughTheGateIsOpen()
        async throws
    {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            await first.group(type: "company", key: "acme")
            let stored = await first.getDistinctId()
            await first.shutdown()
            let files = try FileManager.default.contentsOfDirectory(atPath: harness.directory.path).sorted()
            let sentBefore = harness.requests(.captureEvents).count

            // Open, as after a background launch before the first unlock: no notification came.
            let unreadable = Mutex(true)
            var options = harness.options()
            options.dataProtection = DataProtectionGate(isAvailable: true) { path in
                unreadable.withLock { $0 } && FileManager.default.fileExists(atPath: path)
            }
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            #expect(await promptly { await voidhash.groups } == [:], "at once, not once the file can be read")
            let calls: [@Sendable () async -> Void] = [
                { await voidhash.group(type: "team", key: "acme-design") },
                { await voidhash.capture("in_team") },
                { await voidhash.setGroups(["company": "globex", "team": "acme-design"]) },
                { await voidhash.capture("in_globex") },
            ]
            var tasks: [Task<Void, Never>] = []
            for (index, call) in calls.enumerated() {
                tasks.append(Task { await call() })
                #expect(await eventually { voidhash.pendingOrderedCalls > index })
            }

            // A retry while the file still cannot be read waits again: nothing moved, nothing new.
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: DataProtectionGate.unreadableRetryInterval)
            await harness.clock.waitForSleepers(1)
            #expect(await promptly { await voidhash.groups } == [:])
            #expect(voidhash.progress.core == nil, "no storage was opened, not even in memory")
            #expect(voidhash.pendingOrderedCalls == calls.count)
            #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory.path).sorted() == files)
            #expect(harness.requests(.captureEvents).count == sentBefore)

            unreadable.withLock { $0 = false }
            harness.clock.advance(by: DataProtectionGate.unreadableRetryInterval + .seconds(1))
            for task in tasks { await task.value }
            #expect(await voidhash.groups == ["company": "globex", "team": "acme-design"])
            #expect(await voidhash.getDistinctId() == stored, "the stored identity, not a new anonymous ID")
            await voidhash.flush()
            #expect(
                try harness.groupIdentifies == [
                    identify("company", "acme"), identify("team", "acme-design"), identify("company", "globex"),
                ])
            #expect(harness.capturedEvents.map(\.event) == ["in_team", "in_globex"])
            #expect(
                harness.capturedEvents.map(\.groups) == [
                    ["company": "acme", "team": "acme-design"], ["company": "globex", "team": "acme-design"],
                ])
            #expect(!harness.diagnosticCodes.contains(.storageRecovered), "nothing was moved aside")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
                    .filter { $0.contains("corrupt") }.isEmpty)
            await voidhash.shutdown()
        }
    }

    @Test("a database that cannot be read for now is tried again every 5 seconds on the SDK's clock")
    func anUnreadableDatabaseIsTriedAgainEveryFiveSeconds() async throws {
        try await withSDKHarness { harness in
            let first = try harness.launch()
            await first.shutdown()
            let probe = Mutex((attempts: 0, unreadable: true))
            var options = harness.options()
            options.dataProtection = DataProtectionGate(isAvailable: true) { path in
                probe.withLock { probe in
                    probe.attempts += 1
                    return probe.unreadable && FileManager.default.fileExists(atPath: path)
                }
            }
            let voidhash = try Voidhash(publishableKey: VoidhashEmulator.testKey, options: options)
            await harness.clock.waitForSleepers(1)
            let tried = probe.withLock { $0.attempts }
            harness.clock.advance(by: .milliseconds(4_999))
            #expect(harness.clock.sleeperCount == 1, "not tried again before 5 s")
            harness.clock.advance(by: .milliseconds(1))
            #expect(await eventually { probe.withLock { $0.attempts } > tried }, "tried again at 5 s")

            await harness.clock.waitForSleepers(1)
            #expect(
                harness.diagnosticCodes.filter { $0 == .storageUnavailable }.count == 1,
                "the wait is reported once, not at every attempt")
            probe.withLock { $0.unreadable = false }
            harness.clock.advance(by: .seconds(5))
            _ = await voidhash.getDistinctId()  // the database opened: the instance is whole
            await voidhash.shutdown()
        }
    }
}
