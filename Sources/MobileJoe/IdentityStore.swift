import Foundation
import MobileJoeAPI
import SDKPersistence
import SDKRuntime

/// The one file the SDK stores: the generated `IdentityFile` as JSON in the storage folder, named
/// `MobileJoeConstants.identityFileName`.
struct IdentityStore: Sendable {
    /// What loading found.
    enum LoadResult: Sendable, Hashable {
        /// No identity is stored yet.
        case missing
        /// A valid identity.
        case found(IdentityFile)
        /// A file whose anonymous and device IDs are valid but whose external ID is not: the
        /// identity without it (signed out, but the same anonymous identity and its votes).
        case repairable(IdentityFile)
        /// A file that cannot be used, and why.
        case unusable(IdentityFileProblem)
        /// A file that exists but cannot be read for now, or protected data is unavailable: it
        /// is kept as it is and read later.
        case notReadableForNow(reason: String)
    }

    /// No identity file is larger than this; a larger one is unusable.
    static let sizeLimit = 16 * 1024

    /// The folder holding the file.
    let directory: URL
    /// While locked, the file is not read at all.
    let gate: DataProtectionGate

    /// The identity file.
    var fileURL: URL { directory.appendingPathComponent(MobileJoeConstants.identityFileName) }

    /// Reads and checks the stored identity. Never throws: a damaged file is `.unusable`, one
    /// that cannot be read for now (or any file while the gate is locked) `.notReadableForNow`.
    func load() -> LoadResult {
        guard gate.isAvailable else { return .notReadableForNow(reason: "protected data is unavailable") }
        if gate.cannotReadForNow(fileURL.path) {
            return .notReadableForNow(reason: "the file cannot be opened yet (before the device's first unlock)")
        }
        switch PrivateFiles.readRegularFile(fileURL, limit: Self.sizeLimit) {
        case .missing: return .missing
        case .unusable(let problem): return .unusable(problem)
        case .notReadableForNow(let reason): return .notReadableForNow(reason: reason)
        case .contents(let data): return Self.decode(data)
        }
    }

    /// Stores `identity`, replacing the file atomically.
    func save(_ identity: IdentityFile) throws(MobileJoeError) {
        try PrivateFiles.writeAtomically(try Self.encode(identity), to: fileURL)
    }

    /// Stores `identity` only when no file is there yet: `false` when another process (an app
    /// extension launched at the same moment) stored its identity first, which is then the one
    /// to load.
    func create(_ identity: IdentityFile) throws(MobileJoeError) -> Bool {
        try PrivateFiles.createAtomically(try Self.encode(identity), at: fileURL)
    }

    /// The bytes of the file holding `identity`.
    private static func encode(_ identity: IdentityFile) throws(MobileJoeError) -> Data {
        do {
            return try JSONCoding.encoder.encode(identity)
        } catch {
            throw .storageFailed(reason: "the identity could not be encoded")
        }
    }

    /// What the file system says of the identity file: enough to tell that another process
    /// (an app extension on the same folder) wrote it. Every write replaces the file by a new
    /// one, so its inode changes with each write; the modification time tells a new file that
    /// was given the inode number of one removed before.
    struct FileStamp: Sendable, Hashable {
        var inode: UInt64
        var size: UInt64
        var modified: Date
    }

    /// The identity file's stamp (of the link itself, should it be one); `nil` when there is no
    /// file or it cannot be examined.
    func stamp() -> FileStamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path),
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
            let size = (attributes[.size] as? NSNumber)?.uint64Value,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return FileStamp(inode: inode, size: size, modified: modified)
    }

    /// The identity file's stamp when the file holds `identity`, or `nil` when it holds anything
    /// else: another process replaced it since this one wrote or read it, and the stamp taken
    /// now may be of that file, which must then be read before the next request. The stamp is
    /// taken before the file is read, so a replacement in between is seen.
    func stamp(ifHolding identity: IdentityFile) -> FileStamp? {
        let stamp = stamp()
        guard case .found(let stored) = load(), stored == identity else { return nil }
        return stamp
    }

    /// Whether the identity file is a regular file (not a folder, a link or anything else), so
    /// that writing the identity replaces it.
    var holdsRegularFile: Bool {
        var status = stat()
        return lstat(fileURL.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether the identity file's place holds a symbolic link whose target does not exist:
    /// reading it finds no file, yet the place is taken.
    var holdsLinkToNothing: Bool {
        var status = stat()
        return lstat(fileURL.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
            && stat(fileURL.path, &status) != 0 && errno == ENOENT
    }

    /// Deletes the copies of damaged identity files that earlier versions moved aside
    /// (`<MobileJoeConstants.identityFileName>.corrupt-<ms>`, regular files only): they may hold
    /// earlier IDs, and the SDK stores exactly one identity. Best effort.
    func removeEarlierDamagedCopies() {
        let prefix = MobileJoeConstants.identityFileName + ".corrupt-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let path = directory.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(path)
        }
    }

    /// Deletes the temporary files that writes of the identity file killed before they finished
    /// left behind (`OwnerOnlyFiles.removeAbandonedWrites(of:now:minimumAge:)`): they may hold
    /// earlier IDs, and the SDK stores exactly one identity. Holding the storage folder's lock
    /// (`PrivateFiles.withFolderLock(_:_:)`), which every write takes, all of them; otherwise
    /// only those old enough not to be a write in progress in another process. Best effort.
    func removeAbandonedWrites(holdingFolderLock: Bool) {
        OwnerOnlyFiles.removeAbandonedWrites(
            of: fileURL, now: Date(), minimumAge: holdingFolderLock ? 0 : OwnerOnlyFiles.abandonedWriteAge)
    }

    /// Moves the unusable file aside, dated by `now`, and returns where it went.
    func moveAside(now: Date) throws(MobileJoeError) -> URL {
        let milliseconds = Int64((now.timeIntervalSince1970 * 1_000).rounded())
        return try PrivateFiles.moveAside(fileURL, stamp: String(milliseconds))
    }

    /// The identity in `data`, or why it cannot be used.
    static func decode(_ data: Data) -> LoadResult {
        let identity: IdentityFile
        do {
            identity = try JSONCoding.decoder.decode(IdentityFile.self, from: data)
        } catch DecodingError.dataCorrupted {
            return .unusable(.notJSON)
        } catch {
            return .unusable(.wrongShape)
        }
        guard identity.isValid else {
            var signedOut = identity
            signedOut.externalId = nil
            return signedOut.isValid && identity.externalId != nil
                ? .repairable(signedOut) : .unusable(.invalidIdentifiers)
        }
        return .found(identity)
    }
}
