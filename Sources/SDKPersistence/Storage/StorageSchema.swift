/// The tables of an SDK database and the migrations that build them.
///
/// The schema version lives in `PRAGMA user_version`; `PRAGMA application_id` marks the file as
/// ours, so a database written by something else is recognised and never migrated over.
/// Migrations are applied in order, each in its own transaction together with the version bump:
/// a crash mid-way leaves the file at the last completed version. Several processes may open one
/// file at once: inspecting reads one snapshot, and each migration reads the version again under
/// the write lock, so a migration another process has just applied is skipped, not run twice.
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
        """,
        """
        CREATE TABLE queued_once (
          key TEXT PRIMARY KEY NOT NULL,
          item_id TEXT NOT NULL,
          queued_at REAL NOT NULL
        );
        """,
        """
        CREATE TABLE delivery_claim (
          slot INTEGER PRIMARY KEY NOT NULL CHECK (slot = 1),
          owner TEXT NOT NULL,
          pid INTEGER NOT NULL,
          expires_at REAL NOT NULL
        );
        """,
        // Delivery order by position, and indexes that leave the events lane out: an event is
        // stored in one page of the table instead of three (the table and two indexes). Items
        // keep their IDs and their order.
        """
        CREATE TABLE outbox_by_position (
          position INTEGER PRIMARY KEY,
          id TEXT NOT NULL,
          lane INTEGER NOT NULL,
          kind TEXT NOT NULL,
          payload BLOB NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          created_at REAL NOT NULL
        );
        INSERT INTO outbox_by_position (id, lane, kind, payload, attempts, last_error, created_at)
          SELECT id, lane, kind, payload, attempts, last_error, created_at FROM outbox ORDER BY lane, id;
        DROP TABLE outbox;
        ALTER TABLE outbox_by_position RENAME TO outbox;
        CREATE UNIQUE INDEX outbox_ids ON outbox (id) WHERE \(indexedLanes);
        CREATE INDEX outbox_order ON outbox (lane, position) WHERE \(indexedLanes);
        """,
        // Why items were refused, after their removal (see `DeliveryQueue.refusals(among:)`).
        """
        CREATE TABLE refused_items (
          id TEXT PRIMARY KEY NOT NULL,
          code TEXT NOT NULL,
          message TEXT NOT NULL
        );
        """,
    ])

    /// The lanes the outbox's indexes cover, as SQL: every lane but `DeliveryLane.events`, whose
    /// items are found by their position alone (see `DeliveryQueue`). A query that is to use an
    /// index says so in the same words.
    static let indexedLanes = "lane <> \(DeliveryLane.events.rawValue)"

    /// The version a fully migrated database has.
    var version: Int { migrations.count }

    /// The tables small enough to check at every open: what identity and caches live in.
    static let smallTables = ["key_value", "outbox_state"]

    /// Reads the marks and checks the file's integrity; throws `.corrupt` for a damaged file.
    ///
    /// A `thorough` check reads every page (`quick_check`), which takes about 150 ms for a queue
    /// of 100,000 items; otherwise the header, the schema and the small tables are checked, and a
    /// damaged page of the queue shows when it is read (`SDKStorage` then asks for a thorough
    /// check at the next open).
    func inspect(_ connection: SQLiteConnection, thorough: Bool) throws(StorageError) -> Contents {
        try connection.inReadTransaction { () throws(StorageError) -> Contents in
            try inspectSnapshot(connection, thorough: thorough)
        }
    }

    /// `inspect`, inside its read transaction.
    private func inspectSnapshot(_ connection: SQLiteConnection, thorough: Bool) throws(StorageError) -> Contents {
        if thorough { try Self.quickCheck("", connection) }
        let applicationID = try Self.integerPragma("application_id", connection)
        let userVersion = Int(try Self.integerPragma("user_version", connection))
        let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'")
            .map { (row) throws(StorageError) -> String in try row.text(0) }
        switch applicationID {
        case Self.applicationID where userVersion > version: return .newer(version: userVersion)
        case Self.applicationID:
            if !thorough {
                for table in Self.smallTables where tables.contains(table) {
                    try Self.quickCheck(table, connection)
                }
            }
            return .ours(version: userVersion)
        case 0 where userVersion == 0 && tables.isEmpty: return .empty
        default: return .foreign
        }
    }

    /// Runs `quick_check` on `table` (and its indexes), or on the whole file for `""`.
    private static func quickCheck(
        _ table: String, _ connection: SQLiteConnection
    ) throws(StorageError) {
        let check = try connection.query("PRAGMA quick_check(\(table.isEmpty ? "1" : table))").first?
            .optionalText(0)
        guard check == "ok" else { throw .corrupt }
    }

    /// Applies every migration past the file's version; returns the versions it reached, in order
    /// (a migration another process applied first is not among them).
    func migrate(_ connection: SQLiteConnection, from start: Int) throws(StorageError) -> [Int] {
        var applied: [Int] = []
        for (index, script) in migrations.enumerated() where index >= start {
            let ran = try connection.inTransaction { () throws(StorageError) -> Bool in
                guard try Self.integerPragma("user_version", connection) == index else { return false }
                try connection.execute(script)
                try connection.execute("PRAGMA user_version = \(index + 1)")
                return true
            }
            if ran { applied.append(index + 1) }
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
