import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Writes SQLite files the SDK did not make, to see what it does with them.
enum ForeignDatabase {
    /// Creates a valid SQLite database at `url` by running `sql`; `false` when SQLite failed.
    @discardableResult
    static func create(at url: URL, sql: String) -> Bool {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        guard sqlite3_open(url.path, &handle) == SQLITE_OK else { return false }
        return sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK
    }
}
