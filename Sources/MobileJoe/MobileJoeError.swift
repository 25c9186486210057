import SDKRuntime

/// What the Mobile Joe SDK throws.
///
/// Messages never hold the app user ID or other personal data.
public enum MobileJoeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app user ID is blank (empty or only whitespace); nothing was changed.
    case invalidAppUserID
    /// `identify` or an operation was called before `configure`.
    case notConfigured
    /// `identify` or `logout()` could not store the identity (read-only or full disk, a file
    /// where the folder should be); the identity in use is the one before the call.
    case storageFailed(reason: String)
    /// The stored identity cannot be read for now (protected data before the device's first
    /// unlock): `identify` and the operations wait for it rather than use new IDs. Nothing was
    /// changed; try again once the device is unlocked.
    case identityNotReadableForNow
    /// The request failed: refused by the server or its own checks (a blank search term, a
    /// malformed plan ID), or no answer arrived.
    case request(APIError)

    /// A one-line explanation, free of personal data.
    public var description: String {
        switch self {
        case .invalidAppUserID:
            "The app user ID must contain a character that is not whitespace."
        case .notConfigured:
            "Mobile Joe is not configured; call Joe.configure(withAPIKey:appUserID:) first."
        case .storageFailed(let reason):
            "The identity could not be stored: \(reason)"
        case .identityNotReadableForNow:
            "The stored identity cannot be read until the device is unlocked; nothing was changed."
        case .request(let error):
            "The request failed (\(error.summary))."
        }
    }
}

extension MobileJoeError {
    /// Why storing failed, for a diagnostic: the reason of `.storageFailed`, else the description.
    var storageReason: String {
        if case .storageFailed(let reason) = self { return reason }
        return description
    }
}
