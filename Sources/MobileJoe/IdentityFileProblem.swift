/// Why a stored identity file could not be used.
public enum IdentityFileProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a folder in its place); the reason
    /// names the system error.
    case unreadable(reason: String)
    /// The file is larger than any identity file can be.
    case tooLarge
    /// The bytes are not JSON (for example a truncated write).
    case notJSON
    /// The JSON does not have the identity file's shape (missing members, wrong types).
    case wrongShape
    /// The members are there but are not valid identifiers of their kind.
    case invalidIdentifiers

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unreadable(let reason): "the identity file could not be read: \(reason)"
        case .tooLarge: "the identity file is too large"
        case .notJSON: "the identity file is not JSON"
        case .wrongShape: "the identity file does not have the expected members and types"
        case .invalidIdentifiers: "the identity file holds invalid identifiers"
        }
    }
}
