import Foundation

/// Reads stored values through one connection: the store's own reads, and those made inside
/// `KeyValueStore.update(_:)`, where they belong to its write transaction.
public struct KeyValueReader: KeyValueReading {
    private let connection: SQLiteConnection

    /// A reader through `connection`.
    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// The value stored under `key` together with the time it was stored, or `nil`.
    ///
    /// Throws `StorageError.codingFailed` when the stored value is not a `T`.
    public func entry<T: Decodable>(
        _ type: T.Type = T.self, forKey key: String
    ) throws(StorageError) -> StoredValue<T>? {
        try Self.decode(type, try stored(forKey: key), key: key)
    }

    /// The bytes stored under `key` and when they were stored (seconds since 1970), or `nil`.
    func stored(forKey key: String) throws(StorageError) -> (data: Data, storedAt: Double)? {
        guard
            let row = try connection.query("SELECT value, stored_at FROM key_value WHERE key = ?", [.text(key)])
                .first
        else { return nil }
        return (try row.blob(0), try row.real(1))
    }

    /// The value `stored` holds for `key`, decoded as a `T`.
    static func decode<T: Decodable>(
        _ type: T.Type, _ stored: (data: Data, storedAt: Double)?, key: String
    ) throws(StorageError) -> StoredValue<T>? {
        guard let stored else { return nil }
        do {
            let value = try JSONDecoder().decode(T.self, from: stored.data)
            return StoredValue(value: value, storedAt: Date(timeIntervalSince1970: stored.storedAt))
        } catch {
            throw .codingFailed(key: key, reason: String(describing: error))
        }
    }
}
