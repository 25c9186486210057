import Foundation
import SDKPersistence
import SDKRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The few file operations the identity store needs, on POSIX calls so that modes and
/// atomicity are exactly as documented: the owner-only folder and the atomic replacement are
/// `OwnerOnlyFiles` (folders 0700, files 0600, replaced by rename); reading with a size limit and
/// moving a damaged file aside are the identity file's own.
enum PrivateFiles {
    /// What reading a file found.
    enum ReadResult: Sendable, Hashable {
        /// There is no file.
        case missing
        /// The file's bytes.
        case contents(Data)
        /// The file exists but could not be read.
        case unusable(IdentityFileProblem)
        /// The file exists but cannot be read for now (`EACCES`, `EPERM`: data protection
        /// before the device's first unlock); the reason names the system error.
        case notReadableForNow(reason: String)
    }

    /// Reads the regular file at `url`, refusing files larger than `limit` bytes. Opened without
    /// blocking: a named pipe in the file's place would otherwise hold the caller until
    /// something wrote to it; it is found not to be a regular file instead.
    static func readRegularFile(_ url: URL, limit: Int) -> ReadResult {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return failedRead(errno, missingIfAbsent: true)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return failedRead(errno, missingIfAbsent: false) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .unusable(.unreadable(reason: "not a regular file"))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .contents(data) }
            if count < 0 {
                if errno == EINTR { continue }
                return failedRead(errno, missingIfAbsent: false)
            }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { return .unusable(.tooLarge) }
        }
    }

    /// What a failed `open`, `fstat` or `read` with `code` means: no file (`ENOENT` at open), a
    /// file not readable for now (`DataProtectionGate.meansNotReadableForNow(errno:)`), or an
    /// unreadable one.
    static func failedRead(_ code: Int32, missingIfAbsent: Bool) -> ReadResult {
        if missingIfAbsent, code == ENOENT { return .missing }
        if DataProtectionGate.meansNotReadableForNow(errno: code) {
            return .notReadableForNow(reason: OwnerOnlyFiles.describe(errno: code))
        }
        return .unusable(.unreadable(reason: OwnerOnlyFiles.describe(errno: code)))
    }

    /// Replaces the file at `url` with `data` atomically, in an owner-only folder, readable before
    /// the device's first unlock as the page says the identity file is written
    /// (`OwnerOnlyFiles.writeAtomically(_:to:readableBeforeFirstUnlock:)`).
    static func writeAtomically(_ data: Data, to url: URL) throws(MobileJoeError) {
        do {
            try OwnerOnlyFiles.writeAtomically(data, to: url, readableBeforeFirstUnlock: true)
        } catch {
            throw storageFailure(error)
        }
    }

    /// Writes `data` to `url` as `writeAtomically(_:to:)` does, but only when there is no file
    /// there yet; `false` when another writer's file was there first (it is left as it is).
    static func createAtomically(_ data: Data, at url: URL) throws(MobileJoeError) -> Bool {
        do {
            try OwnerOnlyFiles.writeAtomically(data, to: url, readableBeforeFirstUnlock: true, onlyIfMissing: true)
            return true
        } catch  where error.operation == .linkFile && error.code == EEXIST {
            return false
        } catch {
            throw storageFailure(error)
        }
    }

    /// Runs `body` holding an exclusive lock on the storage folder shared with every other
    /// process and instance using it (`flock` on the folder itself, which adds no file beside
    /// the identity), so that reading the stored identity, deciding the change and storing it
    /// happen as one step: two processes signing in at once would otherwise both build on the
    /// same identity, and the second write would undo the first.
    ///
    /// A missing folder is created first (owner-only, `OwnerOnlyFiles.createDirectory(_:)`), so
    /// that the first writes of a fresh install are locked too. `body` is told whether it holds
    /// the lock: not when the folder cannot be created or opened (the writes in `body` then
    /// report why), nor on a file system without locks (`flock` fails), which is then used
    /// without one.
    static func withFolderLock<T, E: Error>(_ folder: URL, _ body: (_ locked: Bool) throws(E) -> T) throws(E) -> T {
        var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0, errno == ENOENT, (try? OwnerOnlyFiles.createDirectory(folder)) != nil {
            descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        defer { if descriptor >= 0 { close(descriptor) } }  // Closing it releases the lock.
        var locked = false
        if descriptor >= 0 {
            var result = flock(descriptor, LOCK_EX)
            while result != 0, errno == EINTR { result = flock(descriptor, LOCK_EX) }
            locked = result == 0
        }
        return try body(locked)
    }

    /// Renames the file at `url` to `<name>.corrupt-<stamp>` (with `-2`, `-3`, ... when taken)
    /// and returns the new location. Nothing is deleted.
    static func moveAside(_ url: URL, stamp: String) throws(MobileJoeError) -> URL {
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? "" : "-\(attempt)"
            let target = url.deletingLastPathComponent().appendingPathComponent(
                "\(url.lastPathComponent).corrupt-\(stamp)\(suffix)")
            if !FileManager.default.fileExists(atPath: target.path) {
                guard rename(url.path, target.path) == 0 else {
                    throw .storageFailed(
                        reason:
                            "the unusable identity file could not be moved aside: \(OwnerOnlyFiles.describe(errno: errno))"
                    )
                }
                return target
            }
            attempt += 1
        }
    }

    /// The reason of the `.storageFailed` error for a failed step of writing the identity file.
    static func storageFailure(_ error: OwnerOnlyFileError) -> MobileJoeError {
        if error.isFileInTheWay { return .storageFailed(reason: "a file is in the place of the storage folder") }
        let what =
            switch error.operation {
            case .createDirectory: "the storage folder could not be created"
            case .restrictDirectory: "the storage folder could not be restricted"
            case .createFile: "the identity file could not be created"
            case .restrictFile: "the identity file could not be restricted"
            case .writeFile: "the identity file could not be written"
            case .flushFile: "the identity file could not be flushed"
            case .closeFile: "the identity file could not be closed"
            case .renameFile: "the identity file could not be renamed"
            case .linkFile: "the identity file could not be linked"
            }
        return .storageFailed(reason: "\(what): \(error.reason)")
    }
}
