import Synchronization

/// The one connection of an `SDKStorage`, shared by its key-value store and its queue.
///
/// Every access takes the mutex (SQLite calls are short and never call back out) and first asks
/// the data-protection gate: while it is locked nothing is touched.
final class StorageDatabase: Sendable {
  /// The gate every access asks first.
  let gate: DataProtectionGate
  private let connection: Mutex<SQLiteConnection?>
  private let onCorruption: @Sendable () -> Void

  /// Takes ownership of an open, migrated connection; `onCorruption` is called whenever SQLite
  /// finds the file damaged while the gate is open.
  init(
    connection: sending SQLiteConnection, gate: DataProtectionGate,
    onCorruption: @escaping @Sendable () -> Void = {}
  ) {
    self.connection = Mutex(connection)
    self.gate = gate
    self.onCorruption = onCorruption
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
    return try connection.withLock { (connection) throws(StorageError) -> T in
      guard let connection else { throw .closed }
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
  /// unless `synced` is `false`.
  @discardableResult
  func transaction<T: Sendable>(
    synced: Bool = true, _ body: (SQLiteConnection) throws(StorageError) -> T
  ) throws(StorageError) -> T {
    try access { (connection) throws(StorageError) -> T in
      try connection.syncCommits(synced)
      return try connection.inTransaction { () throws(StorageError) -> T in try body(connection) }
    }
  }

  /// Closes the connection; later accesses throw `.closed`.
  func close() {
    connection.withLock { connection in
      connection?.close()
      connection = nil
    }
  }
}
