import Foundation
import SDKRuntime

/// Something the SDK handled on its own and reports to `JoeOptions.onDiagnostic`.
///
/// None of these stop the SDK; they exist so that apps and tests can see what happened.
public enum JoeDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The stored identity file could not be used: a new identity was created and stored in its
    /// place. The damaged file is not kept, since it may hold earlier IDs and the SDK stores
    /// exactly one identity.
    case identityFileReplaced(problem: IdentityFileProblem)
    /// The stored identity file held valid anonymous and device IDs but an external ID that is
    /// not valid: they were kept and stored without it. The user is signed out, but keeps the
    /// anonymous identity and the votes that belong to it; the next `identify` signs in again.
    case identityFileExternalIdDropped
    /// Something that is not a regular file (a folder, a link) stood where the identity file
    /// goes: it was moved to `movedTo` as it is (never deleted) and a new identity was created.
    case identityFileMovedAside(problem: IdentityFileProblem, movedTo: URL)
    /// `configure` found an identity file it cannot read for now (protected data before the
    /// device's first unlock): the file is kept as it is, and the stored identity is read (and
    /// the app-start identify request sent) once it can be.
    case identityNotReadableForNow(reason: String)
    /// `configure` could not store the identity it made or changed (a full disk, a read-only or
    /// missing folder): the instance uses it from memory for this launch. `identify` and
    /// `logout()` still store their changes, and throw when they cannot.
    case identityNotStored(reason: String)
    /// `configure` was called again; it changes nothing until the app relaunches.
    case configureIgnored
    /// An identify request failed; the SDK stays usable and sends it again at the next start.
    case identifyRequestFailed(APIError)

    /// A one-line explanation, free of personal data.
    public var description: String {
        switch self {
        case .identityFileReplaced(let problem):
            "\(problem); a new identity was created and stored in its place"
        case .identityFileExternalIdDropped:
            "the identity file held an invalid external ID; it was stored without it, keeping the anonymous "
                + "and device IDs (signed out)"
        case .identityFileMovedAside(let problem, let movedTo):
            "\(problem); moved aside to \(movedTo.lastPathComponent) and a new identity was created"
        case .identityNotReadableForNow(let reason):
            "the identity file cannot be read for now (\(reason)); it is kept and read once the device is unlocked"
        case .identityNotStored(let reason):
            "the identity could not be stored (\(reason)); it is used from memory for this launch"
        case .configureIgnored:
            "configure was called again; it changes nothing until the app relaunches"
        case .identifyRequestFailed(let error):
            "the identify request failed (\(error.summary)); "
                + "it is sent again at the next app start"
        }
    }

    /// The default handler: one warning line on standard error.
    public static let printToStandardError: @Sendable (JoeDiagnostic) -> Void = { diagnostic in
        FileHandle.standardError.write(Data("[MobileJoe] warning: \(diagnostic)\n".utf8))
    }
}
