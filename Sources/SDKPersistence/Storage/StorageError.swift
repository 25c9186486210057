/// Why a storage operation failed.
///
/// Every case leaves the stored data as it was: a failed write is rolled back, and nothing is
/// moved or deleted because of an error (only `SDKStorage.open` moves an unreadable file aside,
/// and it says so in its report).
public enum StorageError: Error, Sendable, Hashable {
    /// The disk (or the database's size limit) is full. The SDK may fall back to memory.
    case full
    /// The directory or the file cannot be written (permissions, read-only volume).
    case readOnly
    /// The file is not a database, or its contents are damaged.
    case corrupt
    /// The data is protected while the device is locked; try again after it is unlocked.
    ///
    /// This is not corruption: nothing was changed, moved or deleted.
    case temporarilyUnavailable
    /// The storage was closed with `SDKStorage.close()`.
    case closed
    /// The storage name cannot be used as a file name (empty, a path separator, `.` or `..`).
    case invalidName(String)
    /// A value could not be encoded for storage, or a stored value could not be decoded as the
    /// type asked for. `key` names the entry; `reason` says what went wrong.
    case codingFailed(key: String, reason: String)
    /// Any other failure. `code` is the SQLite result code, or the POSIX `errno` of a file-system
    /// operation; `message` says which and what happened.
    case io(code: Int32, message: String)
}

extension StorageError {
    /// Whether the failure means the file cannot take writes now (full, read-only, an I/O or
    /// open error of the device), as opposed to bad data, a locked device or a closed storage.
    var isWriteFailure: Bool {
        switch self {
        case .full, .readOnly: true
        case .io(let code, _): code & 0xFF == 10 || code & 0xFF == 14  // SQLITE_IOERR, SQLITE_CANTOPEN
        case .corrupt, .temporarilyUnavailable, .closed, .invalidName, .codingFailed: false
        }
    }
}
