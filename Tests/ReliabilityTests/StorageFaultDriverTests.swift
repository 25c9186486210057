import Foundation
import SDKEmulator
import Testing

/// A process using Voidhash whose storage directory is read-only, or whose disk fills up while
/// it runs: it never crashes, says what happened, keeps working from memory, and destroys
/// nothing it had stored.
@Suite("Storage faults in a process", .serialized, .timeLimit(.minutes(2)))
struct StorageFaultDriverTests {
    private static let everyRequestFails = Fault.status(503, code: "INTERNAL", retryAfter: nil)

    @Test(.enabled(if: Namespace.isAvailable || geteuid() != 0, "needs a mount namespace as root"))
    func aReadOnlyDirectoryFallsBackToMemoryAndChangesNothing() async throws {
        try await withDriverEmulator { emulator, root in
            let storage = root.appendingPathComponent("storage")
            // A first launch queues work Voidhash cannot take yet.
            emulator.server.inject(Self.everyRequestFails)
            let first = try await emulator.run(["run", "--cycles", "1", "--seed", "1"], storage: storage)
            #expect(first.lines.last.map { $0.hasPrefix("done pending=") && $0 != "done pending=0" } == true)
            emulator.server.clearFaults()
            let snapshot = try DirectorySnapshot(storage)

            // The next launch finds the directory read-only.
            let second: DriverRun
            if geteuid() == 0 {
                second = try await emulator.run(
                    ["run", "--cycles", "1", "--seed", "2"], storage: storage,
                    namespace: { Namespace.readOnly(storage, command: $0) })
            } else {
                chmod(storage.path, 0o500)
                second = try await emulator.run(["run", "--cycles", "1", "--seed", "2"], storage: storage)
                chmod(storage.path, 0o700)
            }
            let log = DriverLog(lines: second.lines)
            #expect(!second.diedOfSignal && second.status == 0, "\(second.lines)")
            #expect(log.diagnostics == ["STORAGE_UNAVAILABLE"])
            let stored = DriverLog(lines: first.lines).identities.last
            #expect(stored != nil && log.identities.first == stored, "the stored identity carried on from memory")
            #expect(log.calls.first?.fields["anon"] == stored)
            #expect(log.calls.count == 7 && log.calls.allSatisfy(\.returned))
            #expect(emulator.checks(log).violations.isEmpty, "the calls worked from memory")
            #expect(try DirectorySnapshot(storage) == snapshot, "nothing stored was changed or deleted")

            // Writable again: what the first launch queued is delivered.
            let drain = try await emulator.run(["drain"], storage: storage)
            #expect(drain.lines == ["drained pending=0"])
            let firstLog = DriverLog(lines: first.lines)
            #expect(emulator.checks(firstLog).violations.isEmpty)
            #expect(firstLog.calls.allSatisfy(emulator.checks(firstLog).isApplied))
        }
    }

    @Test(.enabled(if: Namespace.isAvailable, "needs a mount namespace"))
    func aFullDiskIsReportedAndLosesNothingItStored() async throws {
        try await withDriverEmulator { emulator, root in
            let mountPoint = root.appendingPathComponent("tiny")
            let copy = root.appendingPathComponent("copy")
            for directory in [mountPoint, copy] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            // Nothing is delivered while the disk fills: every write stays in the database.
            emulator.server.inject(Self.everyRequestFails)
            let run = try await emulator.run(
                ["run", "--cycles", "8", "--seed", "3"], storage: mountPoint,
                namespace: { Namespace.tinyFileSystem(mountPoint, kilobytes: 256, copy: copy, command: $0) })
            let log = DriverLog(lines: run.lines)
            #expect(!run.diedOfSignal && run.status == 0, "\(run.lines.suffix(5))")
            #expect(log.calls.count == 56 && log.calls.allSatisfy(\.returned), "every call returned")
            // The write that found the disk full moved storage to memory, and said so once.
            #expect(log.diagnostics == ["STORAGE_UNAVAILABLE"], "\(log.diagnostics)")
            let switched = log.calls.firstIndex { !$0.diagnostics.isEmpty }
            #expect(switched != nil, "the disk filled up and it was reported")
            let failed = log.calls[(switched ?? log.calls.endIndex)...]

            emulator.server.clearFaults()
            let drain = try await emulator.run(["drain"], storage: copy)
            #expect(drain.lines == ["drained pending=0"], "the full database opens intact")
            let checks = emulator.checks(log)
            let stored = log.calls[..<(switched ?? log.calls.endIndex)]
            let lost = stored.filter { !checks.isApplied($0) }
            #expect(lost.isEmpty, "stored before the disk filled up, yet lost: \(lost.map(\.subject))")
            print(
                """
                full disk: \(log.calls.count) calls, \(stored.count) stored on disk, then \(failed.count) \
                kept in memory (from call \((switched ?? -1) + 1)); \
                \(stored.count - lost.count) delivered after the restart
                """)
        }
    }
}
