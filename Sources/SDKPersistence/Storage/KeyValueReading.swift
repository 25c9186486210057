/// Something stored values can be read from: the store itself, or a reader inside one of its
/// write transactions. Code that decides what to store from what is stored reads through this,
/// so it can run in a transaction or, when that cannot be had, against the store.
public protocol KeyValueReading {
    /// The value stored under `key`, or `nil` when there is none.
    ///
    /// Throws `StorageError.codingFailed` when the stored value is not a `T`.
    func value<T: Decodable>(_ type: T.Type, forKey key: String) throws(StorageError) -> T?
}
