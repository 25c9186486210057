/// The tables of an SDK database and the migrations that build them.
///
/// The schema version lives in `PRAGMA user_version`; `PRAGMA application_id` marks the file as
/// ours, so a database written by something else is recognised and never migrated over.
/// Migrations are applied in order, each in its own transaction together with the version bump:
/// a crash mid-way leaves the file at the last completed version.
struct StorageSchema: Sendable {
  /// What an existing file turned out to hold.
  enum Contents: Sendable, Equatable {
    /// No tables and no marks: a new (or empty) file.
    case empty
    /// Our database at this schema version.
    case ours(version: Int)
    /// Our database at a version newer than this code knows.
    case newer(version: Int)
    /// A database, but not one of ours.
    case foreign
  }

  /// `"SDKQ"`: the application ID written into every SDK database header.
  static let applicationID: Int64 = 0x5344_4B51

  /// The SQL scripts, in order; script `i` moves the schema from version `i` to `i + 1`.
  let migrations: [String]

  /// The schema of this version of the SDK.
  static let current = StorageSchema(migrations: [
    """
    PRAGMA application_id = \(applicationID);
    CREATE TABLE key_value (
      key TEXT PRIMARY KEY NOT NULL,
      value BLOB NOT NULL,
      stored_at REAL NOT NULL
    );
    CREATE TABLE outbox (
      id TEXT PRIMARY KEY NOT NULL,
      lane INTEGER NOT NULL,
      kind TEXT NOT NULL,
      payload BLOB NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT,
      created_at REAL NOT NULL
    );
    CREATE INDEX outbox_order ON outbox (lane, id);
    CREATE TABLE quarantine (
      id TEXT PRIMARY KEY NOT NULL,
      lane INTEGER NOT NULL,
      kind TEXT NOT NULL,
      payload BLOB NOT NULL,
      attempts INTEGER NOT NULL,
      last_error TEXT,
      created_at REAL NOT NULL,
      reason TEXT NOT NULL,
      quarantined_at REAL NOT NULL
    );
    CREATE TABLE outbox_state (
      name TEXT PRIMARY KEY NOT NULL,
      value REAL NOT NULL
    );
    """
  ])

  /// The version a fully migrated database has.
  var version: Int { migrations.count }

  /// Reads the marks and checks the file's integrity; throws `.corrupt` for a damaged file.
  func inspect(_ connection: SQLiteConnection) throws(StorageError) -> Contents {
    let check = try connection.query("PRAGMA quick_check(1)").first?.optionalText(0)
    guard check == "ok" else { throw .corrupt }
    let applicationID = try Self.integerPragma("application_id", connection)
    let userVersion = Int(try Self.integerPragma("user_version", connection))
    let tables = try connection.query("SELECT count(*) FROM sqlite_master").first?.integer(0)
    switch applicationID {
    case Self.applicationID where userVersion > version: return .newer(version: userVersion)
    case Self.applicationID: return .ours(version: userVersion)
    case 0 where userVersion == 0 && tables == 0: return .empty
    default: return .foreign
    }
  }

  /// Applies every migration past the file's version; returns the versions it reached, in order.
  func migrate(_ connection: SQLiteConnection, from start: Int) throws(StorageError) -> [Int] {
    var applied: [Int] = []
    for (index, script) in migrations.enumerated() where index >= start {
      try connection.inTransaction { () throws(StorageError) in
        try connection.execute(script)
        try connection.execute("PRAGMA user_version = \(index + 1)")
      }
      applied.append(index + 1)
    }
    return applied
  }

  private static func integerPragma(
    _ name: String, _ connection: SQLiteConnection
  ) throws(StorageError) -> Int64 {
    guard let value = try connection.query("PRAGMA \(name)").first?.integer(0) else {
      throw .corrupt
    }
    return value
  }
}
