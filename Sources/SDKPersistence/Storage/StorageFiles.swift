import Foundation
import SDKRuntime

/// The file-system side of storage: owner-only directories and files (made by `OwnerOnlyFiles`,
/// with explicit permissions independent of the process umask), the database's sidecars, and
/// moving an unusable database aside.
///
/// Nothing here follows a symbolic link or changes a file that is not ours: a file is created
/// with `O_NOFOLLOW`, permissions are set on regular files only, and a database whose file or
/// log is a link or a device is moved aside (the link itself is renamed; what it points to is
/// never touched); an index (`-shm`) that alone is one is moved aside by itself.
enum StorageFiles {
    /// The endings SQLite gives the files that belong to a database in WAL mode.
    static let sidecarSuffixes = ["-wal", "-shm"]

    /// The database file at `path` and its sidecars, whether they exist or not.
    static func files(ofDatabaseAt path: String) -> [String] {
        ([""] + sidecarSuffixes).map { path + $0 }
    }

    /// Creates `directory` and any missing parents, each with mode 0700
    /// (`OwnerOnlyFiles.createDirectory(_:)`), and checks that this process can write to it.
    /// Directories that already exist keep their permissions.
    static func createDirectory(_ directory: URL) throws(StorageError) {
        do {
            try OwnerOnlyFiles.createDirectory(directory)
        } catch {
            if error.isFileInTheWay {
                throw .io(code: ENOTDIR, message: "File system: a file is in the way of the directory")
            }
            throw self.error(
                error.code, error.operation == .createDirectory ? "creating the directory" : "restricting the directory"
            )
        }
        if access(directory.path, W_OK) != 0 { throw error(errno, "writing to the directory") }
    }

    /// `directory` with every symbolic link on its path resolved (`realpath`). The app chose
    /// the directory, links and all (on Apple platforms `/var` and `/tmp` are links to
    /// `/private`), but SQLite, opened with `SQLITE_OPEN_NOFOLLOW` so that it never follows a
    /// link put in place of the database, refuses a path with a link anywhere in it.
    static func resolvingLinks(_ directory: URL) throws(StorageError) -> URL {
        guard let resolved = realpath(directory.path, nil) else { throw error(errno, "resolving the directory") }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved), isDirectory: true)
    }

    /// Creates the file at `path`, readable and writable by the owner only (0600), unless
    /// something exists there already: an existing file is left exactly as it is (it may be
    /// another program's, not yet inspected). See `OwnerOnlyFiles.createFileIfMissing(atPath:)`.
    static func createPrivateFileIfMissing(atPath path: String) throws(StorageError) {
        do {
            try OwnerOnlyFiles.createFileIfMissing(atPath: path)
        } catch {
            throw self.error(
                error.code,
                error.operation == .createFile ? "creating the database file" : "restricting the database file")
        }
    }

    /// Sets mode 0600 on the database file and on whichever of its sidecars exist, once the file
    /// is known to be ours. A link or anything else that is not a regular file is left alone.
    ///
    /// No descriptor is opened: closing one would drop every POSIX lock this process holds on the
    /// file, SQLite's included, and another process would then take the shared-memory index for
    /// unused and truncate it under this one's mapping (`SIGBUS`). The kind is checked without
    /// following links first; the directory is the owner's alone (0700), so nothing else can
    /// swap a link in between.
    static func restrictToOwner(databasePath path: String) throws(StorageError) {
        for file in files(ofDatabaseAt: path) {
            var info = stat()
            guard lstat(file, &info) == 0 else {
                if errno == ENOENT { continue }
                throw error(errno, "restricting the database files")
            }
            guard info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o777 != 0o600 else { continue }
            if chmod(file, 0o600) != 0 { throw error(errno, "restricting the database files") }
        }
    }

    /// Whether the database file or one of its sidecars exists as something other than a regular
    /// file: a symbolic link (followed or dangling), a device, a directory, a pipe. SQLite would
    /// follow or open it; such a set is moved aside instead.
    static func hasIrregularFile(databasePath path: String) -> Bool {
        files(ofDatabaseAt: path).contains { file in
            var info = stat()
            return lstat(file, &info) == 0 && info.st_mode & S_IFMT != S_IFREG
        }
    }

    /// When the database's shared-memory index (`-shm`) alone is not a regular file (a folder,
    /// a pipe, a link) while the database and its log are regular files or missing, renames the
    /// index to `<name>-shm.corrupt-<timestamp>` (the link itself, never its target) and returns
    /// where it went; `nil` when there is nothing of the kind. The index holds nothing SQLite
    /// cannot rebuild from the database and its log, so they stay where they are and are used.
    static func moveAsideIrregularIndex(databasePath path: String, now: Date) throws(StorageError) -> URL? {
        func isIrregular(_ file: String) -> Bool {
            var info = stat()
            return lstat(file, &info) == 0 && info.st_mode & S_IFMT != S_IFREG
        }
        let index = path + "-shm"
        guard isIrregular(index), !isIrregular(path), !isIrregular(path + "-wal") else { return nil }
        let stamp = Int64((now.timeIntervalSince1970 * 1000).rounded())
        var target = index + ".corrupt-\(stamp)"
        var attempt = 1
        while exists(target) {
            target = index + ".corrupt-\(stamp)-\(attempt)"
            attempt += 1
        }
        guard rename(index, target) == 0 else { throw error(errno, "moving the database's index aside") }
        return URL(fileURLWithPath: target)
    }

    /// Renames the database at `path` and its sidecars to `<base>.corrupt-<timestamp>` (and its
    /// sidecar endings) in the same directory, never deleting anything. Returns the new URL.
    static func moveAside(databasePath path: String, base: String, now: Date) throws(StorageError)
        -> URL
    {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let stamp = Int64((now.timeIntervalSince1970 * 1000).rounded())
        var target = directory.appendingPathComponent("\(base).corrupt-\(stamp)")
        var attempt = 1
        while ([""] + sidecarSuffixes).contains(where: { exists(target.path + $0) }) {
            target = directory.appendingPathComponent("\(base).corrupt-\(stamp)-\(attempt)")
            attempt += 1
        }
        for suffix in [""] + sidecarSuffixes
        where rename(path + suffix, target.path + suffix) != 0 && errno != ENOENT {
            throw error(errno, "moving the unreadable database aside")
        }
        return target
    }

    /// The marker file saying that SQLite found the database at `path` damaged while it was in
    /// use, so that the next open checks every page: `<name>.sqlite-verify`.
    static func verifyMarker(databasePath path: String) -> String { path + "-verify" }

    /// Whether the file at `path` is a regular file that exists but cannot be opened for reading
    /// for now (see `DataProtectionGate.meansNotReadableForNow(errno:)`): a data-protected file
    /// before the device's first unlock. Such a file is waited for, never moved aside. A link or
    /// anything else that is not a regular file is not "for now": it is moved aside as not ours.
    ///
    /// The probe opens the file through SQLite (`SQLiteConnection.openErrno(readingOnly:)`), so
    /// that probing a database this process already has open keeps that connection's locks.
    static func isUnreadableForNow(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let failure = SQLiteConnection.openErrno(readingOnly: path)
        else { return false }
        return DataProtectionGate.meansNotReadableForNow(errno: failure)
    }

    /// Whether anything (file, directory, link) exists at `path` (`OwnerOnlyFiles.exists(_:)`).
    static func exists(_ path: String) -> Bool { OwnerOnlyFiles.exists(path) }

    /// Maps a POSIX `errno` to a storage error.
    private static func error(_ code: Int32, _ operation: String) -> StorageError {
        switch code {
        case EACCES, EPERM, EROFS: return .readOnly
        case ENOSPC, EDQUOT: return .full
        default:
            return .io(
                code: code, message: "File system: \(operation): \(String(cString: strerror(code)))")
        }
    }
}
