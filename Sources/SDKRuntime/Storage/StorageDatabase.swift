import Synchronization

/// The one connection of an `SDKStorage`, shared by its key-value store and its queue.
///
/// Every access takes the mutex (SQLite calls are short and never call back out) and first asks
/// the data-protection gate: while it is locked nothing is touched.
final class StorageDatabase: Sendable {
  /// The gate every access asks first.
  let gate: DataProtectionGate
  private let connection: Mutex<SQLiteConnection?>

  /// Takes ownership of an open, migrated connection.
  init(connection: sending SQLiteConnection, gate: DataProtectionGate) {
    self.connection = Mutex(connection)
    self.gate = gate
  }

  /// Runs `body` with the connection, under the mutex.
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
        throw gate.isAvailable ? error : .temporarilyUnavailable
      }
    }
  }

  /// Runs `body` in one transaction (see `SQLiteConnection.inTransaction`).
  func transaction<T: Sendable>(
    _ body: (SQLiteConnection) throws(StorageError) -> T
  ) throws(StorageError) -> T {
    try access { (connection) throws(StorageError) -> T in
      try connection.inTransaction { () throws(StorageError) -> T in try body(connection) }
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
