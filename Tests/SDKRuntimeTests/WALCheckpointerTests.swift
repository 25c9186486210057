import Foundation
import Testing

@testable import SDKPersistence
@testable import SDKRuntime

/// Checkpoints of the write-ahead log run beside the writer, not inside its commits.
@Suite("Storage: background checkpoints of the write-ahead log", .timeLimit(.minutes(3)))
struct WALCheckpointerTests {
    /// A WAL database with one table, the checkpointer installed on it, and the jobs it
    /// scheduled (run only when a test says so).
    private struct Fixture {
        let directory = StorageTestDirectory()
        let jobs = StorageTestBox<[@Sendable () -> Void]>([])
        let connection: SQLiteConnection
        let gate = DataProtectionGate()

        /// With `runAtOnce`, each job runs as soon as it is scheduled (and is still counted).
        init(threshold: Int32, inlineLimit: Int32, runAtOnce: Bool = false) throws {
            try FileManager.default.createDirectory(
                at: directory.url, withIntermediateDirectories: true)
            connection = try SQLiteConnection(path: directory.databaseURL().path)
            try connection.configureForDurability()
            try connection.execute("CREATE TABLE t (x BLOB)")
            let jobs = jobs
            try connection.install(
                WALCheckpointer(
                    path: directory.databaseURL().path, gate: gate, threshold: threshold,
                    inlineLimit: inlineLimit,
                    schedule: { job in
                        jobs.update { $0.append(job) }
                        if runAtOnce { job() }
                    }))
        }

        /// Commits `count` rows of 5,000 bytes, one transaction each.
        func commit(_ count: Int) throws {
            for _ in 0..<count {
                try connection.query("INSERT INTO t VALUES (?)", [.blob(Data(count: 5_000))])
            }
        }

        /// The size of the database file itself (the log not included).
        var databaseFileSize: Int {
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: directory.databaseURL().path)
            return (attributes?[.size] as? NSNumber)?.intValue ?? -1
        }

        /// Runs every scheduled job.
        func runJobs() {
            for job in jobs.current { job() }
        }
    }

    @Test func aFullLogIsCheckpointedInTheBackgroundWithOneJobAtATime() throws {
        let fixture = try Fixture(threshold: 4, inlineLimit: 1_000)
        try fixture.commit(20)
        #expect(fixture.jobs.current.count == 1)
        #expect(fixture.databaseFileSize < 20_000)

        fixture.runJobs()
        #expect(fixture.databaseFileSize > 100_000)
        try fixture.commit(1)
        #expect(fixture.jobs.current.count == 2)
        fixture.connection.close()
    }

    /// A log that cannot restart (here a reader keeps its frames; in an app, commits going on
    /// while the checkpoint runs) stays past the threshold. Each commit used to schedule
    /// another checkpoint then, syncing both files every time; the next one now waits for a
    /// threshold of new frames.
    @Test func aLogThatCannotRestartIsCheckpointedOncePerThresholdOfNewFrames() throws {
        let fixture = try Fixture(threshold: 20, inlineLimit: 1_000, runAtOnce: true)
        let reader = try SQLiteConnection(path: fixture.directory.databaseURL().path, create: false)
        try reader.execute("BEGIN")
        try reader.query("SELECT count(*) FROM t")
        try fixture.commit(30)
        let logFrames = try fixture.connection.query("PRAGMA wal_checkpoint(PASSIVE)").first?.integer(1) ?? 0
        #expect(logFrames >= 60)
        #expect(fixture.jobs.current.count <= Int(logFrames) / 20)
        #expect(fixture.jobs.current.count >= 2)
        try reader.execute("COMMIT")
        reader.close()
        fixture.connection.close()
    }

    /// Once a checkpoint copied the whole log, the next commit restarts it, and the log is
    /// checkpointed again as soon as it grows past the threshold again (not only past the size
    /// at which the last checkpoint was asked for, plus the threshold).
    @Test func aRestartedLogIsCheckpointedAgainOnceItPassesTheThreshold() throws {
        let fixture = try Fixture(threshold: 20, inlineLimit: 1_000, runAtOnce: true)
        try fixture.commit(100)
        // A restarted log is written again from its start, so the file keeps the largest size
        // the log had: a 32-byte header, then frames of a page and a 24-byte header each.
        let attributes = try FileManager.default.attributesOfItem(
            atPath: fixture.directory.databaseURL().path + "-wal")
        let largestLog = (((attributes[.size] as? NSNumber)?.intValue ?? 0) - 32) / (4_096 + 24)
        #expect(largestLog >= 20)
        #expect(largestLog < 40)
        #expect(fixture.jobs.current.count >= 5)
        fixture.connection.close()
    }

    @Test func aLogPastTheInlineLimitIsCheckpointedByTheWriter() throws {
        let fixture = try Fixture(threshold: 1_000, inlineLimit: 4)
        try fixture.commit(20)
        #expect(fixture.jobs.current.isEmpty)
        #expect(fixture.databaseFileSize > 80_000)
        fixture.connection.close()
    }

    @Test func nothingIsCheckpointedWhileTheGateIsLocked() throws {
        let fixture = try Fixture(threshold: 4, inlineLimit: 1_000)
        try fixture.commit(20)
        fixture.gate.lock()
        fixture.runJobs()
        #expect(fixture.databaseFileSize < 20_000)
        fixture.gate.unlock()
        fixture.connection.close()
    }

    @Test func aJobAfterCloseOpensNothing() throws {
        let fixture = try Fixture(threshold: 4, inlineLimit: 1_000)
        try fixture.commit(20)
        fixture.connection.close()
        let wal = fixture.directory.databaseURL().path + "-wal"
        #expect(!FileManager.default.fileExists(atPath: wal))
        fixture.runJobs()
        #expect(!FileManager.default.fileExists(atPath: wal))
    }
}
