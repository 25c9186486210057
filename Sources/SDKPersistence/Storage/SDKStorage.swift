import Foundation
import SDKRuntime

/// Everything an SDK instance stores, in one database file: its key-value entries and its
/// delivery queue.
///
/// Open it once per SDK instance with `open(directory:name:gate:clock:onFallbackToMemory:)`.
/// When the file cannot be opened because the directory is read-only or the disk is full, the
/// error says so and the SDK can carry on with `inMemoryCopy(directory:name:gate:clock:)`
/// (what the file holds, in memory) or `inMemory(gate:clock:)`. When a write fails later for
/// the same reasons, the storage moves to memory by itself (see `isInMemory`).
public final class SDKStorage: Sendable {
    /// Typed values by key (identity, caches, groups).
    public let keyValues: KeyValueStore
    /// The durable outbox.
    public let queue: DeliveryQueue
    /// What opening found and did.
    public let openReport: StorageOpenReport
    /// The shared connection (internal so that tests can provoke SQLite conditions).
    let database: StorageDatabase

    /// Whether what is stored lives in memory only and ends with the process: storage made by
    /// `inMemory` or `inMemoryCopy`, or a file whose writes started failing (the disk filled up,
    /// the volume became read-only). The file keeps what it held before the failure.
    public var isInMemory: Bool { database.isInMemory }

    private init(
        connection: sending SQLiteConnection, gate: DataProtectionGate, clock: any SDKClock,
        report: StorageOpenReport, onFallbackToMemory: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws(StorageError) {
        let marker = report.databaseURL.map { StorageFiles.verifyMarker(databasePath: $0.path) }
        database = StorageDatabase(
            connection: connection, gate: gate, isInMemory: report.databaseURL == nil,
            onCorruption: { if let marker { try? StorageFiles.createPrivateFileIfMissing(atPath: marker) } },
            onFallbackToMemory: onFallbackToMemory)
        keyValues = KeyValueStore(database: database, clock: clock)
        queue = try DeliveryQueue(database: database)
        openReport = report
    }

    /// Opens (or creates) the database `<name>.sqlite` in `directory`.
    ///
    /// - The directory is created when missing (mode 0700), the files are owner-only (0600).
    /// - Symbolic links on the directory's path are followed (the report names the database by
    ///   its resolved path); a link in place of the database file is moved aside, never followed.
    /// - A file that is not a database, is damaged (as SQLite reports it), belongs to something
    ///   else, has a newer schema or is not a regular file (a symbolic link, a device) is renamed
    ///   `<name>.corrupt-<timestamp>` (never deleted) and a fresh database is created;
    ///   `openReport.movedAside` says so. Such a file is inspected through a read-only connection
    ///   and is not written to, checkpointed or re-permissioned before it is moved.
    /// - Several processes may open one directory at once (an app and its extensions): creating
    ///   and migrating the file is race-free, and a healthy database another process has open is
    ///   never taken for a damaged one. Opening checks the header, the schema and the
    ///   small tables; every page is checked only after SQLite found the file damaged while it was
    ///   in use (a `<name>.sqlite-verify` marker), so that opening a long queue stays fast.
    /// - Throws `.readOnly` or `.full` when the directory cannot be written, `.invalidName` for a
    ///   name that is not a plain file name, and `.temporarilyUnavailable` while `gate` is locked
    ///   or while the file exists but cannot be opened for reading (`EACCES`, `EPERM`: a
    ///   data-protected file before the first unlock). Nothing is moved aside then.
    /// - Should a write fail later because the file cannot take it (full disk, read-only volume,
    ///   I/O error), the storage copies itself into memory, carries on there and calls
    ///   `onFallbackToMemory` once with the failure.
    public static func open(
        directory: URL, name: String, gate: DataProtectionGate = DataProtectionGate(),
        clock: any SDKClock = SystemClock(),
        onFallbackToMemory: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws(StorageError) -> SDKStorage {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0")
        else { throw .invalidName(name) }
        guard gate.isAvailable else { throw .temporarilyUnavailable }
        do throws(StorageError) {
            try StorageFiles.createDirectory(directory)
            let url = try StorageFiles.resolvingLinks(directory).appendingPathComponent(name + ".sqlite")
            if gate.cannotReadForNow(url.path) { throw StorageError.temporarilyUnavailable }
            let marker = StorageFiles.verifyMarker(databasePath: url.path)
            let movedAsideIndex = try StorageFiles.moveAsideIrregularIndex(databasePath: url.path, now: clock.now())
            var movedAside: [MovedAsideDatabase] = []
            let moveAside = { (reason: MovedAsideDatabase.Reason) throws(StorageError) in
                guard movedAside.isEmpty, gate.isAvailable else { throw StorageError.corrupt }
                let aside = try StorageFiles.moveAside(databasePath: url.path, base: name, now: clock.now())
                // A damaged or newer file may be ours, with the user's data: owner-only from now on.
                // Another program's file, or a link, keeps its mode.
                switch reason {
                case .unreadable, .newerSchema: try StorageFiles.restrictToOwner(databasePath: aside.path)
                case .foreign, .notARegularFile: break
                }
                unlink(marker)
                movedAside.append(MovedAsideDatabase(url: aside, reason: reason))
            }
            while true {
                let thorough = StorageFiles.exists(marker)
                let version: Int
                switch try inspect(path: url.path, thorough: thorough) {
                case .usable(let found): version = found
                case .unusable(let reason):
                    try moveAside(reason)
                    continue
                }
                let connection = try SQLiteConnection(path: url.path)
                let applied: [Int]
                do throws(StorageError) {
                    applied = try prepareForWriting(connection, path: url.path, from: version)
                } catch .corrupt {
                    connection.close()
                    try moveAside(.unreadable)
                    continue
                }
                if thorough { unlink(marker) }
                try connection.install(WALCheckpointer(path: url.path, gate: gate))
                let report = StorageOpenReport(
                    databaseURL: url, createdNewDatabase: applied.first == 1, appliedMigrations: applied,
                    schemaVersion: StorageSchema.current.version, movedAside: movedAside,
                    movedAsideIndex: movedAsideIndex)
                do throws(StorageError) {
                    return try SDKStorage(
                        connection: connection, gate: gate, clock: clock, report: report,
                        onFallbackToMemory: onFallbackToMemory)
                } catch .corrupt where !thorough && StorageFiles.exists(marker) {
                    continue  // The queue's first reads found damage: check every page, then move aside.
                }
            }
        } catch {
            throw gate.isAvailable ? error : .temporarilyUnavailable
        }
    }

    /// Storage that lives in memory only and is lost when the process ends: the fallback when no
    /// file can be written.
    public static func inMemory(
        gate: DataProtectionGate = DataProtectionGate(), clock: any SDKClock = SystemClock()
    ) throws(StorageError) -> SDKStorage {
        let connection = try SQLiteConnection(path: nil)
        let schema = StorageSchema.current
        let applied = try schema.migrate(connection, from: 0)
        let report = StorageOpenReport(
            databaseURL: nil, createdNewDatabase: true, appliedMigrations: applied,
            schemaVersion: schema.version, movedAside: [])
        return try SDKStorage(connection: connection, gate: gate, clock: clock, report: report)
    }

    /// What `<name>.sqlite` in `directory` holds, copied into memory without changing anything on
    /// disk: the fallback when the directory cannot be written (a read-only volume), so that the
    /// SDK keeps its identity and queued work for this launch. Changes live in memory only.
    ///
    /// Plain in-memory storage when there is no such file or it cannot be used (damaged, foreign,
    /// from a newer schema: nothing is moved aside, since nothing may be written). Throws
    /// `.temporarilyUnavailable` while `gate` is locked; the copy itself is memory, which the gate
    /// does not guard.
    public static func inMemoryCopy(
        directory: URL, name: String, gate: DataProtectionGate = DataProtectionGate(),
        clock: any SDKClock = SystemClock()
    ) throws(StorageError) -> SDKStorage {
        guard gate.isAvailable else { throw .temporarilyUnavailable }
        let folder = (try? StorageFiles.resolvingLinks(directory)) ?? directory
        let path = folder.appendingPathComponent(name + ".sqlite").path
        guard StorageFiles.exists(path), let copy = try? readableCopy(ofDatabaseAt: path) else {
            return try inMemory(clock: clock)
        }
        let report = StorageOpenReport(
            databaseURL: nil, createdNewDatabase: false, appliedMigrations: copy.applied,
            schemaVersion: StorageSchema.current.version, movedAside: [])
        return try SDKStorage(
            connection: copy.connection, gate: DataProtectionGate(), clock: clock, report: report)
    }

    /// An in-memory, migrated copy of our database at `path`, read without writing anything;
    /// `nil` when the file is not ours (or is newer).
    private static func readableCopy(
        ofDatabaseAt path: String
    ) throws(StorageError) -> (connection: SQLiteConnection, applied: [Int])? {
        let schema = StorageSchema.current
        // A write-ahead log left by the last process can only be read through its index; without
        // a log the file is complete and is read as immutable (no index needs to be created).
        let hasLog = StorageFiles.exists(path + "-wal")
        let file = try SQLiteConnection(readingOnly: path, immutable: !hasLog)
        defer { file.close() }
        guard case .ours(let version) = try schema.inspect(file, thorough: false) else { return nil }
        let copy = try file.copyToMemory()
        return (copy, try schema.migrate(copy, from: version))
    }

    /// Closes the database; every later operation throws `StorageError.closed`.
    public func close() {
        database.close()
    }

    /// What inspecting the file found: our database (or an empty file) at a schema version, or a
    /// file that cannot be used.
    private enum Inspection {
        case usable(version: Int)
        case unusable(MovedAsideDatabase.Reason)
    }

    /// Inspects the file without changing anything: its kind first (a link or a device is not
    /// opened at all), then its contents through a read-only connection. A file that is not ours
    /// is therefore not written to: not switched to WAL, not re-permissioned, and not checkpointed
    /// (a writable connection that closes last would fold another program's write-ahead log into
    /// its database).
    private static func inspect(path: String, thorough: Bool) throws(StorageError) -> Inspection {
        guard !StorageFiles.hasIrregularFile(databasePath: path) else { return .unusable(.notARegularFile) }
        try StorageFiles.createPrivateFileIfMissing(atPath: path)
        do throws(StorageError) {
            let contents: StorageSchema.Contents
            do throws(StorageError) {
                let reader = try SQLiteConnection(readingOnly: path, immutable: false)
                defer { reader.close() }
                contents = try StorageSchema.current.inspect(reader, thorough: thorough)
            } catch .readOnly {
                // A writer killed inside a transaction left a journal that only a writable
                // connection can roll back (what SQLite does at any open, and what the file's
                // owner would do at its next one); in a read-only directory this fails the same.
                let writer = try SQLiteConnection(path: path, create: false)
                defer { writer.close() }
                contents = try StorageSchema.current.inspect(writer, thorough: thorough)
            }
            switch contents {
            case .newer(let version): return .unusable(.newerSchema(version: version))
            case .foreign: return .unusable(.foreign)
            case .empty: return .usable(version: 0)
            case .ours(let version): return .usable(version: version)
            }
        } catch .corrupt {
            return .unusable(.unreadable)
        }
    }

    /// Configures, restricts and migrates a file `inspect` found usable (another process may be
    /// doing the same: see `StorageSchema.migrate`); returns the migrations this call applied.
    private static func prepareForWriting(
        _ connection: SQLiteConnection, path: String, from version: Int
    ) throws(StorageError) -> [Int] {
        try connection.configureForDurability()
        try StorageFiles.restrictToOwner(databasePath: path)
        return try StorageSchema.current.migrate(connection, from: version)
    }
}
