import Dispatch
import Synchronization

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Keeps the write-ahead log short without making writers wait for it.
///
/// SQLite's own automatic checkpoint runs inside the commit that pushes the log past 1,000
/// pages, so one `enqueue` in a few hundred waits for pages to be copied and the file to be
/// synced (milliseconds). Installed on a connection instead, this checkpointer is told the size
/// of the log after every commit; past `threshold` pages it runs a passive checkpoint on a
/// connection of its own, on a background queue, while commits carry on, and no other until
/// `threshold` more pages are written. Only when the log reaches `inlineLimit` pages (the
/// background never got to run) does the committing connection checkpoint itself, as SQLite
/// would. Nothing runs while the data-protection gate is locked.
final class WALCheckpointer: Sendable {
    /// SQLite's default: a checkpoint once the log holds 1,000 pages (4 MB).
    static let defaultThreshold: Int32 = 1_000
    /// The log size at which a writer checkpoints itself: 8,000 pages (32 MB).
    static let defaultInlineLimit: Int32 = 8_000

    /// Runs a job in the background.
    typealias Scheduler = @Sendable (@escaping @Sendable () -> Void) -> Void

    private let path: String
    private let gate: DataProtectionGate
    private let threshold: Int32
    private let inlineLimit: Int32
    private let schedule: Scheduler
    private let isPending = Atomic<Bool>(false)
    /// The log's size when the last checkpoint was scheduled (0 once the log restarted). A
    /// checkpoint that runs while commits go on leaves the frames written meanwhile, so the log
    /// is not restarted and stays past `threshold`: the next one waits until `threshold` more
    /// frames have been written, rather than following at the next commit and syncing the files
    /// again and again while a writer is busy.
    private let scheduledAt = Atomic<Int32>(0)
    /// The log's size at the previous commit: a smaller one means the log restarted.
    private let previousSize = Atomic<Int32>(0)
    private let checkpointConnection = Mutex<Checkpointing>(.idle)

    /// The background connection's state.
    private enum Checkpointing {
        case idle
        case open(SQLiteConnection)
        case closed
    }

    /// A checkpointer for the database at `path`.
    init(
        path: String, gate: DataProtectionGate, threshold: Int32 = defaultThreshold,
        inlineLimit: Int32 = defaultInlineLimit,
        schedule: @escaping Scheduler = { job in DispatchQueue.global(qos: .utility).async(execute: job)
        }
    ) {
        self.path = path
        self.gate = gate
        self.threshold = threshold
        self.inlineLimit = inlineLimit
        self.schedule = schedule
    }

    /// Called after every commit on the writing connection with the log's size in pages.
    func logGrew(to pages: Int32, connection: OpaquePointer?, database: UnsafePointer<CChar>?) {
        let previous = previousSize.exchange(pages, ordering: .relaxed)
        if pages >= inlineLimit {
            sqlite3_wal_checkpoint_v2(connection, database, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            return
        }
        // Smaller than at the previous commit, or than when the last checkpoint was asked for:
        // the log restarted (here or in another process sharing the file).
        if pages < previous || pages < scheduledAt.load(ordering: .relaxed) {
            scheduledAt.store(0, ordering: .relaxed)
        }
        guard pages - scheduledAt.load(ordering: .relaxed) >= threshold,
            isPending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
                .exchanged
        else { return }
        scheduledAt.store(pages, ordering: .relaxed)
        schedule { self.checkpoint() }
    }

    /// Runs one passive checkpoint on the background connection (opened the first time).
    func checkpoint() {
        defer { isPending.store(false, ordering: .releasing) }
        guard gate.isAvailable else { return }
        checkpointConnection.withLock { state in
            switch state {
            case .closed: return
            case .idle:
                // A fresh connection learns that the file is in WAL mode from its first read.
                guard let connection = try? SQLiteConnection(path: path, create: false),
                    (try? connection.query("SELECT count(*) FROM sqlite_master")) != nil
                else { return }
                try? connection.checkpoint()
                state = .open(connection)
            case .open(let connection):
                try? connection.checkpoint()
            }
        }
    }

    /// Closes the background connection, after a checkpoint under way; later jobs do nothing.
    func close() {
        checkpointConnection.withLock { state in
            if case .open(let connection) = state { connection.close() }
            state = .closed
        }
    }
}
