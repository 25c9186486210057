/// Something stored values can be read from: the store itself, or a reader inside one of its
/// write transactions. Code that decides what to store from what is stored reads through this,
/// so it can run in a transaction or, when that cannot be had, against the store.
public protocol KeyValueReading {
    /// The value stored under `key` together with the time it was stored, or `nil`.
    ///
    /// Throws `StorageError.codingFailed` when the stored value is not a `T`.
    func entry<T: Decodable>(_ type: T.Type, forKey key: String) throws(StorageError) -> StoredValue<T>?
}

extension KeyValueReading {
    /// The value stored under `key`, or `nil` when there is none.
    ///
    /// Throws `StorageError.codingFailed` when the stored value is not a `T`.
    public func value<T: Decodable>(_ type: T.Type = T.self, forKey key: String) throws(StorageError) -> T? {
        try entry(type, forKey: key)?.value
    }
}
