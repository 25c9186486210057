import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// One open SQLite database: statements, transactions, and errors mapped to `StorageError`.
///
/// Not thread-safe on its own: `StorageDatabase` owns it behind a mutex. Nothing outside the
/// `Storage` folder sees this type or any SQL.
///
/// Durability: the journal is a write-ahead log with `synchronous=FULL`. WAL with `NORMAL` already
/// keeps every committed transaction across a process kill (the commit is in the OS page cache),
/// but a power loss or kernel panic may roll back the last commits. The delivery queue promises
/// that an item is stored once `enqueue` returns, and a purchase or identity link lost to a
/// battery pull is lost for good, so commits are synced (`FULL`) unless a caller asks for less
/// with `syncCommits(_:)`: analytics events and attribute updates (see
/// `DeliveryLane.isSyncedToDisk`), whose sync per event would cap capture at about a thousand
/// events a second. On Apple platforms `fsync` leaves the data in the drive's cache, so synced
/// commits and checkpoints use `F_FULLFSYNC` there (`fullfsync`, `checkpoint_fullfsync`).
final class SQLiteConnection {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// Whether commits are currently synced (`FULL`) or only written (`NORMAL`).
    private var commitsAreSynced = true
    /// The checkpointer told about every commit, kept alive as long as the connection.
    private var checkpointer: WALCheckpointer?

    /// Opens the database at `path` (creating it when missing, unless `create` is `false`), or a
    /// private in-memory database when `path` is `nil`.
    init(path: String?, create: Bool = true) throws(StorageError) {
        let flags =
            SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        handle = try Self.open(path ?? ":memory:", flags: flags)
    }

    /// Opens the database at `path` for reading only, changing nothing on disk: the way to read a
    /// database whose directory cannot be written. With `immutable`, SQLite also skips the locks
    /// and the write-ahead log's index, which it cannot create in a read-only directory; use it
    /// only when no write-ahead log is left next to the file (its contents would not be seen).
    init(readingOnly path: String, immutable: Bool) throws(StorageError) {
        var location = URLComponents()
        location.scheme = "file"
        location.path = path
        if immutable { location.queryItems = [URLQueryItem(name: "immutable", value: "1")] }
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        handle = try Self.open(location.string ?? path, flags: flags)
    }

    /// Opens the file at `path` for reading and closes it again; `nil` when that worked, else
    /// the `errno` of the failed open.
    ///
    /// Through SQLite rather than `open(2)`: closing a descriptor drops every POSIX lock this
    /// process holds on the file, those of another connection to it included, and another
    /// process would then take the shared-memory index for unused. SQLite keeps such a
    /// descriptor open while its connections in this process hold locks on the file.
    static func openErrno(readingOnly path: String) -> Int32? {
        var db: OpaquePointer?
        errno = 0
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        let failure = errno
        sqlite3_close_v2(db)
        return code == SQLITE_OK ? nil : failure
    }

    /// Opens `filename` with `flags` and sets the busy timeout; the handle, or the error.
    private static func open(_ filename: String, flags: Int32) throws(StorageError) -> OpaquePointer {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(filename, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let error = SQLiteConnection.error(code: code, handle: db)
            sqlite3_close(db)
            throw error
        }
        sqlite3_busy_timeout(db, 5_000)
        return db
    }

    deinit { close() }

    /// How often `configureForDurability` tries again after `SQLITE_BUSY`, 10 ms apart: as long as
    /// the busy timeout (5 s).
    private static let busyRetries = 500

    /// A private in-memory database holding a copy of everything this one holds (SQLite's online
    /// backup, which reads this database as one consistent snapshot and changes nothing in it).
    func copyToMemory() throws(StorageError) -> SQLiteConnection {
        let source = try openHandle()
        let copy = try SQLiteConnection(path: nil)
        let destination = try copy.openHandle()
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            throw SQLiteConnection.error(code: sqlite3_errcode(destination), handle: destination)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else { throw SQLiteConnection.error(code: stepped, handle: source) }
        guard finished == SQLITE_OK else {
            throw SQLiteConnection.error(code: finished, handle: destination)
        }
        return copy
    }

    /// Switches to write-ahead logging with synced commits (see the type's documentation).
    ///
    /// The switch is written into the file: `SDKStorage` calls this only once
    /// `StorageSchema.inspect` found the file empty or ours. A file that is not a database fails
    /// with `StorageError.corrupt`.
    func configureForDurability() throws(StorageError) {
        // Two connections switching a new file at once can each hold a shared lock while asking
        // for the exclusive one; SQLite then answers one of them `SQLITE_BUSY` at once, without
        // waiting, and that one tries again once the other is through.
        var attempts = 0
        while true {
            do throws(StorageError) {
                _ = try query("PRAGMA journal_mode=WAL")
                break
            } catch .io(let code, _) where code & 0xFF == SQLITE_BUSY && attempts < Self.busyRetries {
                attempts += 1
                usleep(10_000)
            }
        }
        try execute("PRAGMA synchronous=FULL")
        #if canImport(Darwin)
            try execute("PRAGMA fullfsync=ON")
            try execute("PRAGMA checkpoint_fullfsync=ON")
        #endif
    }

    /// Hands checkpoints to `checkpointer` instead of running SQLite's automatic checkpoint inside
    /// the commit that fills the log (see `WALCheckpointer`).
    func install(_ checkpointer: WALCheckpointer) throws(StorageError) {
        let handle = try openHandle()
        self.checkpointer = checkpointer
        sqlite3_wal_hook(
            handle,
            { context, connection, database, pages in
                guard let context else { return SQLITE_OK }
                Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                    .logGrew(to: pages, connection: connection, database: database)
                return SQLITE_OK
            }, Unmanaged.passUnretained(checkpointer).toOpaque())
    }

    /// Copies what the write-ahead log holds into the database file as far as no reader needs
    /// it (a passive checkpoint: it never waits for other connections).
    func checkpoint() throws(StorageError) {
        let handle = try openHandle()
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteConnection.error(code: code, handle: handle) }
    }

    /// Makes the following commits synced to disk (`synchronous=FULL`, the default) or only
    /// written to the operating system (`NORMAL`: they survive a crash of the process, not a power
    /// loss). Changes the setting only when it differs.
    func syncCommits(_ synced: Bool) throws(StorageError) {
        guard synced != commitsAreSynced else { return }
        try execute(synced ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL")
        commitsAreSynced = synced
    }

    /// Runs one or more statements that take no parameters and return no rows (schema changes,
    /// transaction control, pragmas).
    func execute(_ sql: String) throws(StorageError) {
        let handle = try openHandle()
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteConnection.error(code: code, handle: handle) }
    }

    /// Runs one statement with `bindings` for its `?` parameters and returns every result row.
    ///
    /// The prepared statement is cached by its text and reused by later calls.
    @discardableResult
    func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StorageError) -> [SQLiteRow] {
        let handle = try openHandle()
        let statement = try prepared(sql, handle: handle)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in bindings.enumerated() {
            let code = bind(value, at: Int32(offset + 1), in: statement)
            guard code == SQLITE_OK else { throw SQLiteConnection.error(code: code, handle: handle) }
        }
        var rows: [SQLiteRow] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw SQLiteConnection.error(code: code, handle: handle) }
            rows.append(row(of: statement))
        }
    }

    /// SQLite's `PRAGMA data_version`: a number that changes when another connection (another
    /// process, or another storage on the same directory) has committed since this connection
    /// last read it, and only then. Inside a transaction it costs no lock of its own.
    func otherWritersVersion() throws(StorageError) -> Int64 {
        let handle = try openHandle()
        let statement = try prepared("PRAGMA data_version", handle: handle)
        defer { sqlite3_reset(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw SQLiteConnection.error(code: code, handle: handle) }
        return sqlite3_column_int64(statement, 0)
    }

    /// The row ID (the `INTEGER PRIMARY KEY`) of the row the last successful `INSERT` stored.
    var lastInsertedRow: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Runs `body` in an immediate transaction: committed when it returns, rolled back when it
    /// (or the commit) throws. A call inside another transaction joins it.
    func inTransaction<T>(_ body: () throws(StorageError) -> T) throws(StorageError) -> T {
        let handle = try openHandle()
        if sqlite3_get_autocommit(handle) == 0 { return try body() }
        try query("BEGIN IMMEDIATE")
        do throws(StorageError) {
            let result = try body()
            try query("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { _ = try? query("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` in a read transaction, so that all its reads see one snapshot of the file
    /// whatever other connections commit meanwhile. A call inside another transaction joins it.
    func inReadTransaction<T>(_ body: () throws(StorageError) -> T) throws(StorageError) -> T {
        let handle = try openHandle()
        if sqlite3_get_autocommit(handle) == 0 { return try body() }
        try query("BEGIN DEFERRED")
        defer { if sqlite3_get_autocommit(handle) == 0 { _ = try? query("COMMIT") } }
        return try body()
    }

    /// Finalizes every cached statement and closes the database; later calls throw `.closed`.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
        checkpointer?.close()
        checkpointer = nil
    }

    private func openHandle() throws(StorageError) -> OpaquePointer {
        guard let handle else { throw .closed }
        return handle
    }

    private func prepared(_ sql: String, handle: OpaquePointer) throws(StorageError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(
            handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteConnection.error(code: code, handle: handle)
        }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let integer):
            return sqlite3_bind_int64(statement, index, integer)
        case .real(let real):
            return sqlite3_bind_double(statement, index, real)
        case .text(let text):
            return sqlite3_bind_text(statement, index, text, -1, SQLiteConnection.transient)
        case .blob(let data):
            if data.isEmpty { return sqlite3_bind_zeroblob(statement, index, 0) }
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(
                    statement, index, bytes.baseAddress, Int32(bytes.count), SQLiteConnection.transient)
            }
        }
    }

    private func row(of statement: OpaquePointer) -> SQLiteRow {
        let values = (0..<sqlite3_column_count(statement)).map { column -> SQLiteValue in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER:
                return .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT:
                return .real(sqlite3_column_double(statement, column))
            case SQLITE_TEXT:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard let bytes = sqlite3_column_text(statement, column) else { return .text("") }
                return .text(
                    String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard let bytes = sqlite3_column_blob(statement, column) else { return .blob(Data()) }
                return .blob(Data(bytes: bytes, count: count))
            default:
                return .null
            }
        }
        return SQLiteRow(values: values)
    }

    /// Tells SQLite to copy bound text and bytes (`SQLITE_TRANSIENT`, a macro Swift cannot import).
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    /// Maps an SQLite result code to the error callers branch on.
    static func error(code: Int32, handle: OpaquePointer?) -> StorageError {
        switch code & 0xFF {
        case SQLITE_FULL: return .full
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt
        default:
            let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            return .io(
                code: code, message: "SQLite: " + (message ?? String(cString: sqlite3_errstr(code))))
        }
    }
}
