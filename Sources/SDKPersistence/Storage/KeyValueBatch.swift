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
}
