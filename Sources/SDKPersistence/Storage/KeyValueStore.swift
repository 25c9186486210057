import Foundation
import SDKRuntime

/// Small typed values stored by key: identity, the cached person snapshot, groups.
///
/// Values are stored as JSON with the time they were written (from the storage's clock), so a
/// cache can tell how old it is. Every call is one transaction; `apply(_:)` changes several keys
/// at once, all or none.
public final class KeyValueStore: Sendable {
    private let database: StorageDatabase
    private let clock: any SDKClock

    /// A store over `database`, stamping writes with `clock`.
    init(database: StorageDatabase, clock: any SDKClock) {
        self.database = database
        self.clock = clock
    }

    /// The value stored under `key`, or `nil` when there is none.
    ///
    /// Throws `StorageError.codingFailed` when the stored value is not a `T`.
    public func value<T: Decodable>(
        _ type: T.Type = T.self, forKey key: String
    ) throws(StorageError) -> T? {
        try entry(type, forKey: key)?.value
    }

    /// The value stored under `key` together with the time it was stored, or `nil`.
    public func entry<T: Decodable>(
        _ type: T.Type = T.self, forKey key: String
    ) throws(StorageError) -> StoredValue<T>? {
        let stored = try database.access { (connection) throws(StorageError) -> (Data, Double)? in
            guard
                let row = try connection.query(
                    "SELECT value, stored_at FROM key_value WHERE key = ?", [.text(key)]
                ).first
            else { return nil }
            return (try row.blob(0), try row.real(1))
        }
        guard let (data, storedAt) = stored else { return nil }
        do {
            let value = try JSONDecoder().decode(T.self, from: data)
            return StoredValue(value: value, storedAt: Date(timeIntervalSince1970: storedAt))
        } catch {
            throw .codingFailed(key: key, reason: String(describing: error))
        }
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

    /// Applies every change of `batch`, in order, in one transaction: all of them or none.
    public func apply(_ batch: KeyValueBatch) throws(StorageError) {
        let now = clock.now()
        try database.transaction { (connection) throws(StorageError) in
            try batch.write(to: connection, now: now)
        }
    }
}
