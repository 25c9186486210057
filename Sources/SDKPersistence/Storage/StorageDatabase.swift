import Synchronization

/// The one connection of an `SDKStorage`, shared by its key-value store and its queue.
///
/// Every access takes the mutex (SQLite calls are short and never call back out) and first asks
/// the data-protection gate: while it is locked nothing is touched.
///
/// When a write to the file fails because the disk is full, the file became read-only or the
/// device reported an I/O error, the database falls back to memory: it copies what the file holds
/// into a private in-memory database, carries on there (the failed write included) for the rest
/// of the process, and says so once through `onFallbackToMemory`. The file is left as it was, so
/// the next launch finds everything that was stored before the failure.
final class StorageDatabase: Sendable {
    /// The gate every access asks first.
    let gate: DataProtectionGate
    private let state: Mutex<State>
    private let onCorruption: @Sendable () -> Void
    private let onFallbackToMemory: @Sendable (StorageError) -> Void

    /// The connection, and whether it is the in-memory copy.
    private struct State {
        var connection: SQLiteConnection?
        var isInMemory: Bool
    }

    /// Takes ownership of an open, migrated connection; `onCorruption` is called whenever SQLite
    /// finds the file damaged while the gate is open, and `onFallbackToMemory` once, with the
    /// failure, when writes move to memory. `isInMemory` says the connection is not a file.
    init(
        connection: sending SQLiteConnection, gate: DataProtectionGate, isInMemory: Bool = false,
        onCorruption: @escaping @Sendable () -> Void = {},
        onFallbackToMemory: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) {
        self.state = Mutex(State(connection: connection, isInMemory: isInMemory))
        self.gate = gate
        self.onCorruption = onCorruption
        self.onFallbackToMemory = onFallbackToMemory
    }

    /// Whether the data lives in memory only (from the start, or since a write to the file failed).
    var isInMemory: Bool {
        state.withLock { $0.isInMemory }
    }

    /// Runs `body` with the connection, under the mutex. Reads go through here; writes go
    /// through `transaction(synced:_:)`, which decides whether their commit is synced.
    ///
    /// Throws `.temporarilyUnavailable` without running `body` while the gate is locked, and turns
    /// any failure that happens while the gate is locked into `.temporarilyUnavailable` too (a
    /// protected file failing to read at lock time is not damage).
    @discardableResult
    func access<T: Sendable>(
        _ body: (SQLiteConnection) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        guard gate.isAvailable else { throw .temporarilyUnavailable }
        return try state.withLock { (state) throws(StorageError) -> T in
            guard let connection = state.connection else { throw .closed }
            do throws(StorageError) {
                return try body(connection)
            } catch {
                guard gate.isAvailable else { throw .temporarilyUnavailable }
                if error == .corrupt { onCorruption() }
                throw error
            }
        }
    }

    /// Runs `body` in one transaction (see `SQLiteConnection.inTransaction`), synced to disk
    /// unless `synced` is `false`. When the file cannot take the write (see the type's
    /// documentation), the database moves to memory and `body` runs again there.
    @discardableResult
    func transaction<T: Sendable>(
        synced: Bool = true, _ body: (SQLiteConnection) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let run = { (connection: SQLiteConnection) throws(StorageError) -> T in
            try connection.syncCommits(synced)
            return try connection.inTransaction { () throws(StorageError) -> T in try body(connection) }
        }
        do throws(StorageError) {
            return try access(run)
        } catch  where error.isWriteFailure && gate.isAvailable {
            guard fallBackToMemory(after: error) else { throw error }
            return try access(run)
        }
    }

    /// Replaces the file's connection with an in-memory copy of it; `false` when already in
    /// memory, closed, or the copy failed (the file's connection is kept then).
    private func fallBackToMemory(after failure: StorageError) -> Bool {
        let moved = state.withLock { (state) -> Bool in
            guard !state.isInMemory, let connection = state.connection,
                let copy = try? connection.copyToMemory()
            else { return false }
            connection.close()
            state.connection = copy
            state.isInMemory = true
            return true
        }
        if moved { onFallbackToMemory(failure) }
        return moved
    }

    /// Closes the connection; later accesses throw `.closed`.
    func close() {
        state.withLock { state in
            state.connection?.close()
            state.connection = nil
        }
    }
}
