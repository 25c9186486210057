import Foundation

/// What `SDKStorage.open` found and did, for the SDK's diagnostics.
public struct StorageOpenReport: Sendable, Hashable {
    /// The database file, or `nil` for in-memory storage.
    public var databaseURL: URL?
    /// Whether the database was created by this open (new file, or after moving one aside).
    public var createdNewDatabase: Bool
    /// The schema versions migrated to during this open, in order (empty when already current).
    public var appliedMigrations: [Int]
    /// The schema version of the open database.
    public var schemaVersion: Int
    /// Files that could not be used and were moved aside (kept, not deleted) before a fresh
    /// database was created.
    public var movedAside: [MovedAsideDatabase]
    /// Where the database's shared-memory index (`-shm`) went when it alone was not a regular
    /// file (a folder, a pipe, a link): it was moved aside and the database kept, since SQLite
    /// rebuilds the index. `nil` when nothing of the kind was found.
    public var movedAsideIndex: URL?

    /// A report with every part spelled out.
    public init(
        databaseURL: URL?, createdNewDatabase: Bool, appliedMigrations: [Int], schemaVersion: Int,
        movedAside: [MovedAsideDatabase], movedAsideIndex: URL? = nil
    ) {
        self.databaseURL = databaseURL
        self.createdNewDatabase = createdNewDatabase
        self.appliedMigrations = appliedMigrations
        self.schemaVersion = schemaVersion
        self.movedAside = movedAside
        self.movedAsideIndex = movedAsideIndex
    }
}

/// A database file that could not be used, and where it was moved.
public struct MovedAsideDatabase: Sendable, Hashable {
    /// Why a file was not used.
    public enum Reason: Sendable, Hashable {
        /// Not a database, or a damaged one.
        case unreadable
        /// A database written by something else.
        case foreign
        /// One of ours, from a newer SDK whose schema this version does not know.
        case newerSchema(version: Int)
        /// The file or its write-ahead log (`-wal`) is a symbolic link, a device or anything else
        /// that is not a regular file; the link itself was moved, not its target. (An index,
        /// `-shm`, that alone is one is moved aside by itself: `StorageOpenReport.movedAsideIndex`.)
        case notARegularFile
    }

    /// The file's new location (`<name>.corrupt-<milliseconds since 1970>`).
    public var url: URL
    /// Why it was moved.
    public var reason: Reason

    /// A moved-aside file with every part spelled out.
    public init(url: URL, reason: Reason) {
        self.url = url
        self.reason = reason
    }
}
