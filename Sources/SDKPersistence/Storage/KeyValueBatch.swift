import Foundation

/// Changes to several keys, applied together by `KeyValueStore.apply(_:)`.
///
/// Values are encoded when they are added, so an encoding failure surfaces before anything is
/// written.
public struct KeyValueBatch: Sendable {
    /// The changes in order: new JSON bytes for a key, or `nil` to remove it.
    private(set) var changes: [(key: String, value: Data?)] = []

    /// An empty batch.
    public init() {}

    /// Adds storing `value` under `key`.
    public mutating func set<T: Encodable>(_ value: T, forKey key: String) throws(StorageError) {
        do {
            changes.append((key, try JSONEncoder().encode(value)))
        } catch {
            throw .codingFailed(key: key, reason: String(describing: error))
        }
    }

    /// Adds removing the value under `key`.
    public mutating func removeValue(forKey key: String) {
        changes.append((key, nil))
    }

    /// Writes every change, in order, through `connection` (inside the caller's transaction),
    /// stamping stored values with `now`.
    func write(to connection: SQLiteConnection, now: Date) throws(StorageError) {
        for (key, data) in changes {
            if let data {
                try connection.query(
                    "INSERT OR REPLACE INTO key_value (key, value, stored_at) VALUES (?, ?, ?)",
                    [.text(key), .blob(data), .real(now.timeIntervalSince1970)])
            } else {
                try connection.query("DELETE FROM key_value WHERE key = ?", [.text(key)])
            }
        }
    }
}
