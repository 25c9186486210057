import Foundation
import SDKRuntime

/// Small typed values stored by key: identity, the cached person snapshot, groups.
///
/// Values are stored as JSON with the time they were written (from the storage's clock), so a
/// cache can tell how old it is. Every call is one transaction; `apply(_:)` changes several keys
/// at once, all or none.
public final class KeyValueStore: KeyValueReading, Sendable {
    private let database: StorageDatabase
    private let clock: any SDKClock

    /// A store over `database`, stamping writes with `clock`.
    init(database: StorageDatabase, clock: any SDKClock) {
        self.database = database
        self.clock = clock
    }

    /// The value stored under `key` together with the time it was stored, or `nil`.
    ///
    /// Throws `StorageError.codingFailed` when the stored value is not a `T`.
    public func entry<T: Decodable>(
        _ type: T.Type = T.self, forKey key: String
    ) throws(StorageError) -> StoredValue<T>? {
        let stored = try database.access { (connection) throws(StorageError) -> (data: Data, storedAt: Double)? in
            try KeyValueReader(connection: connection).stored(forKey: key)
        }
        return try KeyValueReader.decode(type, stored, key: key)
    }

    /// Stores `value` under `key`, replacing what was there.
    public func set<T: Encodable>(_ value: T, forKey key: String) throws(StorageError) {
        var batch = KeyValueBatch()
        try batch.set(value, forKey: key)
        try apply(batch)
    }

    /// Stores every value of `values` under its key, in one transaction.
    public func setMany<T: Encodable>(_ values: [String: T]) throws(StorageError) {
        var batch = KeyValueBatch()
        for (key, value) in values { try batch.set(value, forKey: key) }
        try apply(batch)
    }

    /// Removes the value stored under `key`, if any.
    public func removeValue(forKey key: String) throws(StorageError) {
        var batch = KeyValueBatch()
        batch.removeValue(forKey: key)
        try apply(batch)
    }

    /// A number that changes when another connection to the database (another process, or
    /// another storage on the same directory) has committed since it was last read, and only
    /// then: SQLite's `PRAGMA data_version`. Reading it is cheap; an SDK that reads the stored
    /// values again only when it changed follows what other processes store.
    public func otherWritersVersion() throws(StorageError) -> Int64 {
        try database.access { (connection) throws(StorageError) -> Int64 in try connection.otherWritersVersion() }
    }

    /// Runs `body` in one write transaction and applies the batch it returns before the
    /// transaction ends: what `body` reads through its reader cannot change, by this process or
    /// another, before the batch is stored. Answers what `body` answered beside its batch.
    ///
    /// Use it where a value is written only when it is missing (the first identity of an
    /// install), so that two processes starting at once store one.
    public func update<R: Sendable>(
        _ body: (KeyValueReader) throws(StorageError) -> (R, KeyValueBatch)
    ) throws(StorageError) -> R {
        let now = clock.now()
        return try database.transaction { (connection) throws(StorageError) -> R in
            let (result, batch) = try body(KeyValueReader(connection: connection))
            try batch.write(to: connection, now: now)
            return result
        }
    }

    /// Applies every change of `batch`, in order, in one transaction: all of them or none.
    public func apply(_ batch: KeyValueBatch) throws(StorageError) {
        let now = clock.now()
        try database.transaction { (connection) throws(StorageError) in
            try batch.write(to: connection, now: now)
        }
    }
}
