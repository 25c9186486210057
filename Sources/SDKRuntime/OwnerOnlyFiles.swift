import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Folders and files only their owner can use, made with POSIX calls so that the modes are
/// exact whatever the process umask: folders 0700, files 0600. Both SDKs keep their storage
/// this way (Voidhash's database through `SDKPersistence`, Mobile Joe's identity file).
///
/// A new file is created with `O_EXCL` and `O_NOFOLLOW`, so nothing here follows a symbolic link
/// into a file that is not ours. Every failure is an ``OwnerOnlyFileError`` naming the step and
/// the system's `errno`; each SDK maps it to its own error.
public enum OwnerOnlyFiles {
    /// Creates `directory` and any missing parents, each with mode 0700. Folders that already
    /// exist keep their permissions.
    ///
    /// Another opener creating the same folders at the same time is fine (its `mkdir` wins, with
    /// the same mode). A file (or anything that is not a folder) where a folder should be fails
    /// with `ENOTDIR` in ``OwnerOnlyFileError/Operation/createDirectory``.
    public static func createDirectory(_ directory: URL) throws(OwnerOnlyFileError) {
        var missing: [String] = []
        var current = directory.standardizedFileURL
        while !isDirectory(current.path) {
            if exists(current.path) {
                if isDirectory(current.path) { break }  // another opener made it since the check
                throw OwnerOnlyFileError(.createDirectory, code: ENOTDIR)
            }
            missing.append(current.path)
            let parent = current.deletingLastPathComponent()
            guard parent.path != current.path else { break }
            current = parent
        }
        for path in missing.reversed() {
            guard mkdir(path, 0o700) == 0 else {
                guard errno == EEXIST, isDirectory(path) else {
                    throw OwnerOnlyFileError(.createDirectory, code: errno)
                }
                continue  // another opener made it first, with the same mode
            }
            if chmod(path, 0o700) != 0 { throw OwnerOnlyFileError(.restrictDirectory, code: errno) }
        }
    }

    /// Creates a new file at `path` with mode 0600, open for reading and writing, and returns its
    /// descriptor, which the caller closes. Fails with `EEXIST` in
    /// ``OwnerOnlyFileError/Operation/createFile`` when anything (a link included) is there.
    public static func createFile(atPath path: String) throws(OwnerOnlyFileError) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw OwnerOnlyFileError(.createFile, code: errno) }
        guard fchmod(descriptor, 0o600) == 0 else {
            let code = errno
            close(descriptor)
            throw OwnerOnlyFileError(.restrictFile, code: code)
        }
        return descriptor
    }

    /// Creates the file at `path` with mode 0600 unless something exists there already: an
    /// existing file is left exactly as it is (it may be another program's, not yet inspected).
    /// Returns whether the file was created.
    @discardableResult
    public static func createFileIfMissing(atPath path: String) throws(OwnerOnlyFileError) -> Bool {
        let descriptor: Int32
        do {
            descriptor = try createFile(atPath: path)
        } catch  where error.operation == .createFile && error.code == EEXIST {
            return false
        }
        close(descriptor)
        return true
    }

    /// Replaces the file at `url` with `data` atomically, creating its folder as
    /// ``createDirectory(_:)`` does: the bytes go to a new 0600 file in the same folder, are
    /// flushed, and the new file is renamed over the old one, and the folder is flushed too. A
    /// reader sees the old file or the new one, never a mix; on failure the old file is untouched
    /// and the new one removed.
    ///
    /// - Parameters:
    ///   - data: The file's new contents.
    ///   - url: The file to replace (or create).
    ///   - readableBeforeFirstUnlock: Whether the file gets no Data Protection class on Apple
    ///     platforms, so that a launch before the device's first unlock can read it (files
    ///     otherwise get the app's default class). Best effort: where the system keeps the default
    ///     class (macOS ignores file protection), the file is still written. No effect elsewhere.
    ///   - onlyIfMissing: Whether the file is written only when nothing is at `url` yet: the new
    ///     file is linked into place (`link`), which fails with `EEXIST` in
    ///     ``OwnerOnlyFileError/Operation/linkFile`` when another writer (another process) got
    ///     there first, whose file is left as it is. Where the file system has no hard links, the
    ///     file is renamed into place after all (see `linkIntoPlace(_:_:)`).
    public static func writeAtomically(
        _ data: Data, to url: URL, readableBeforeFirstUnlock: Bool, onlyIfMissing: Bool = false
    ) throws(OwnerOnlyFileError) {
        let directory = url.deletingLastPathComponent()
        try createDirectory(directory)
        let temporary = directory.appendingPathComponent(
            temporaryPrefix(of: url) + UUID().lowercasedText + temporarySuffix)
        let descriptor = try createFile(atPath: temporary.path)
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(OwnerOnlyFileError) {
            if readableBeforeFirstUnlock { withoutDataProtectionClass(temporary) }
            try writeAll(data, to: descriptor)
            guard flushToDisk(descriptor) == 0 else { throw OwnerOnlyFileError(.flushFile, code: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw OwnerOnlyFileError(.closeFile, code: errno) }
            if onlyIfMissing {
                try linkIntoPlace(temporary, url)
            } else {
                guard rename(temporary.path, url.path) == 0 else { throw OwnerOnlyFileError(.renameFile, code: errno) }
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
        syncDirectory(directory)
    }

    /// How long a temporary file of ``writeAtomically(_:to:readableBeforeFirstUnlock:onlyIfMissing:)``
    /// must have been left unchanged before ``removeAbandonedWrites(of:now:minimumAge:)`` takes it for the
    /// leftover of a write that was killed: a write in progress takes milliseconds, and an hour
    /// leaves room for a process the system suspended in the middle of one.
    public static let abandonedWriteAge: TimeInterval = 60 * 60

    /// Deletes the temporary files that writes of `url` killed before they finished left in its
    /// folder (a killed `writeAtomically` cannot remove its own), and returns how many: those
    /// regular files whose name is of a write of `url` and that were last changed at least
    /// `minimumAge` (by default ``abandonedWriteAge``) before `now` (the file system's time, as
    /// `Date()` gives it). A caller that holds a lock every writer of `url` takes may pass zero:
    /// no write is in progress then. Such a file may hold an earlier version of `url`'s
    /// contents. Best effort: what cannot be examined or deleted is left.
    @discardableResult
    public static func removeAbandonedWrites(
        of url: URL, now: Date, minimumAge: TimeInterval = abandonedWriteAge
    ) -> Int {
        let directory = url.deletingLastPathComponent()
        let prefix = temporaryPrefix(of: url)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(temporarySuffix) {
            let path = directory.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            #if canImport(Darwin)
                let changed = TimeInterval(status.st_mtimespec.tv_sec)
            #else
                let changed = TimeInterval(status.st_mtim.tv_sec)
            #endif
            guard now.timeIntervalSince1970 - changed >= minimumAge, unlink(path) == 0 else { continue }
            removed += 1
        }
        return removed
    }

    /// The start of the name of every temporary file a write of `url` makes (a dot hides it).
    private static func temporaryPrefix(of url: URL) -> String {
        ".\(url.lastPathComponent)."
    }

    /// The end of the name of every temporary file a write makes.
    private static let temporarySuffix = ".tmp"

    /// Links the written file `temporary` to `url` when nothing is there, and removes its
    /// temporary name; where the file system has no hard links (`link` fails with `EPERM`,
    /// `ENOTSUP`, `EOPNOTSUPP` or `ENOSYS`), renames it into place instead. Any other failure,
    /// `EEXIST` included, throws ``OwnerOnlyFileError/Operation/linkFile``.
    private static func linkIntoPlace(_ temporary: URL, _ url: URL) throws(OwnerOnlyFileError) {
        guard link(temporary.path, url.path) != 0 else {
            unlink(temporary.path)
            return
        }
        let code = errno
        guard [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(code) else {
            throw OwnerOnlyFileError(.linkFile, code: code)
        }
        guard rename(temporary.path, url.path) == 0 else { throw OwnerOnlyFileError(.renameFile, code: errno) }
    }

    /// Writes every byte of `data` to `descriptor`, retrying short and interrupted writes; any
    /// other failure throws at once (``OwnerOnlyFileError/Operation/writeFile``).
    public static func writeAll(_ data: Data, to descriptor: Int32) throws(OwnerOnlyFileError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OwnerOnlyFileError(.writeFile, code: errno)
            }
            offset += written
        }
    }

    /// The system's message for the `errno` value `code`, with the number:
    /// `No such file or directory (errno 2)`.
    public static func describe(errno code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }

    /// Whether anything (file, folder, link) exists at `path`; a link is not followed.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` is a folder, or a link to one.
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Gives the file at `url` no Data Protection class on Apple platforms; best effort.
    private static func withoutDataProtectionClass(_ url: URL) {
        #if canImport(Darwin)
            try? FileManager.default.setAttributes([.protectionKey: FileProtectionType.none], ofItemAtPath: url.path)
        #endif
    }

    /// Flushes the folder entry of a rename; best effort (some file systems refuse it).
    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = flushToDisk(descriptor)
        close(descriptor)
    }

    /// Flushes what was written to `descriptor`'s file to the disk; `0`, or `-1` with `errno` set.
    /// On Apple platforms `fsync` leaves the data in the drive's cache, so `F_FULLFSYNC` is asked
    /// for first, and `fsync` used where the file system refuses it.
    private static func flushToDisk(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) != -1 { return 0 }
        #endif
        return fsync(descriptor)
    }
}

/// A failed step of ``OwnerOnlyFiles``: which step, and the system's `errno`.
public struct OwnerOnlyFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step that failed.
    public enum Operation: Sendable, Hashable, CustomStringConvertible {
        /// Creating a folder (`mkdir`), or finding something else where a folder should be.
        case createDirectory
        /// Setting a new folder's mode to 0700 (`chmod`).
        case restrictDirectory
        /// Creating a new file (`open` with `O_CREAT | O_EXCL`).
        case createFile
        /// Setting a new file's mode to 0600 (`fchmod`).
        case restrictFile
        /// Writing a file's bytes (`write`).
        case writeFile
        /// Flushing a file to the disk (`fsync`).
        case flushFile
        /// Closing a written file (`close`).
        case closeFile
        /// Renaming a new file over the old one (`rename`).
        case renameFile
        /// Linking a new file into a place that must be empty (`link`).
        case linkFile

        /// The step, as in "creating the folder".
        public var description: String {
            switch self {
            case .createDirectory: "creating the folder"
            case .restrictDirectory: "restricting the folder"
            case .createFile: "creating the file"
            case .restrictFile: "restricting the file"
            case .writeFile: "writing the file"
            case .flushFile: "flushing the file"
            case .closeFile: "closing the file"
            case .renameFile: "renaming the file into place"
            case .linkFile: "linking the file into place"
            }
        }
    }

    /// The step that failed.
    public var operation: Operation
    /// The system's `errno` for the failure.
    public var code: Int32

    /// The failure of `operation` with `errno` `code`.
    public init(_ operation: Operation, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// Whether a file (or anything that is not a folder) stands where a folder should be.
    public var isFileInTheWay: Bool { operation == .createDirectory && code == ENOTDIR }

    /// The system's message with the number, as ``OwnerOnlyFiles/describe(errno:)`` gives it.
    public var reason: String { OwnerOnlyFiles.describe(errno: code) }

    /// `step: message (errno N)`.
    public var description: String { "\(operation): \(reason)" }
}
