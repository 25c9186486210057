import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system operations the output sync needs, on plain paths and POSIX calls: a
/// regeneration of thousands of files spends its time here, and `URL` resource lookups and
/// synced atomic writes cost far more than the work itself.
enum FileTree {
    /// A file the sync could not write, remove or create a folder for.
    struct Failure: LocalizedError, CustomStringConvertible {
        /// What failed, with the path and the system's reason.
        var description: String
        /// The system's reason alone (`strerror`).
        var reason: String
        /// The same words, for `localizedDescription`.
        var errorDescription: String? { description }

        init(_ action: String, _ path: String, code: Int32 = errno) {
            reason = String(cString: strerror(code))
            description = "cannot \(action) \(path): \(reason)"
        }
    }

    /// What a directory walk found below its start, as paths relative to it.
    struct Listing {
        /// Regular files (symbolic links are not followed and not listed).
        var files: [String] = []
        /// Directories, each listed before its contents.
        var directories: [String] = []
    }

    /// Everything below `root` (which is not itself listed); empty when `root` is not a
    /// readable directory.
    static func walk(_ root: String) -> Listing {
        var listing = Listing()
        walk(root, relative: "", into: &listing)
        return listing
    }

    private static func walk(_ path: String, relative: String, into listing: inout Listing) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            switch kind(of: entry.pointee.d_type, path: child) {
            case .file: listing.files.append(childRelative)
            case .directory:
                listing.directories.append(childRelative)
                walk(child, relative: childRelative, into: &listing)
            case .other: continue
            }
        }
    }

    /// A descriptor for reading the regular file at `path`, and the file's size, or `nil` for
    /// anything else: a link is not followed, and a named pipe is never opened (opening one for
    /// reading waits for a writer). What was opened is checked again, so a file swapped for
    /// something else between the look and the open is not read either.
    private static func openRegularFile(_ path: String) -> (descriptor: Int32, size: Int)? {
        guard kind(at: path) == .file else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        return (descriptor, Int(status.st_size))
    }

    /// What is at a path, seen without following a link.
    enum Kind { case file, directory, other }

    /// What is at `path` (a link is `.other`, whatever it points to); `nil` when nothing is.
    static func kind(at path: String) -> Kind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    private static func kind(of type: UInt8, path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_UNKNOWN): return kind(at: path) ?? .other
        default: return .other
        }
    }

    /// Whether the regular file at `path` holds exactly the UTF-8 bytes of `text`; `false` when
    /// it is missing, unreadable or not a regular file (a link is not followed, and a named
    /// pipe is never opened for reading, which would wait for a writer).
    static func contains(_ path: String, exactly text: String) -> Bool {
        guard let (descriptor, size) = openRegularFile(path) else { return false }
        defer { close(descriptor) }
        var text = text
        return text.withUTF8 { expected in
            guard size == expected.count else { return false }
            var buffer = [UInt8](repeating: 0, count: max(1, expected.count))
            let count = buffer.withUnsafeMutableBytes { readFully(descriptor, into: $0) }
            guard count == expected.count else { return false }
            return buffer.withUnsafeBytes { actual in
                guard let actual = actual.baseAddress, let expected = expected.baseAddress else { return count == 0 }
                return memcmp(actual, expected, count) == 0
            }
        }
    }

    /// The bytes of the file at `path`; the error carries the system's reason (`strerror`).
    static func readAll(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("read", path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure("read", path) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw Failure("read", path, code: EISDIR) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(65_536, Int(status.st_size) + 1))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("read", path)
            }
            bytes += chunk.prefix(count)
        }
    }

    /// The text of the regular file at `path` (a link is not followed, a pipe not opened), or
    /// `nil` when it is not a regular file, cannot be read or is not UTF-8.
    static func text(at path: String) -> String? {
        guard let (descriptor, _) = openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { readFully(descriptor, into: $0) }
            guard count >= 0 else { return nil }
            bytes += chunk.prefix(count)
            if count < chunk.count { return String(validating: bytes, as: UTF8.self) }
        }
    }

    /// The start of the regular file at `path` (at most its first 4 KiB), where a generated
    /// file's header is, or `nil` when it is not a regular file (a link is not followed) or
    /// cannot be read.
    static func head(_ path: String) -> String? {
        guard let (descriptor, _) = openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { readFully(descriptor, into: $0) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }

    /// The device and inode of the folder or file at `path` (a link is not followed), which two
    /// names of one folder share; `nil` when nothing is there.
    static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// Whether anything exists at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Reads until `buffer` is full or the file ends; returns the bytes read, or -1.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var total = 0
        while total < buffer.count {
            let count = read(descriptor, base + total, buffer.count - total)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return -1
            }
            total += count
        }
        return total
    }

    /// Replaces the file at `path` with `text` atomically: the bytes go to a temporary file in
    /// the same folder, which is then renamed over `path`, so a reader (or an interrupted run)
    /// sees the old file or the new one, never a part. Not synced to disk: generated files are
    /// made again by running the generator.
    static func writeAtomically(_ text: String, to path: String) throws(Failure) {
        let folder = path.pathFolder ?? "."
        let name = path.pathName
        // Created new (never an existing file, nor through a link put in its place) under a
        // name nobody can guess; `isAbandonedTemporary(_:)` knows these names.
        var temporary = ""
        var descriptor: Int32 = -1
        repeat {
            temporary = "\(folder)/.\(name)\(temporarySuffix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        } while descriptor < 0 && errno == EEXIST
        guard descriptor >= 0 else { throw Failure("write", path) }
        var text = text
        let written = text.withUTF8 { bytes in writeFully(descriptor, bytes) }
        let writeError = errno
        guard close(descriptor) == 0, written else {
            unlink(temporary)
            throw Failure("write", path, code: written ? errno : writeError)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure("write", path, code: code)
        }
    }

    /// What follows a file's name in the name of the temporary file a write of it makes, before
    /// the writer's process ID and a random number.
    static let temporarySuffix = ".sdkgen-"

    /// The longest name, in UTF-8 bytes, of a file sdkgen writes: file systems hold 255, and its
    /// temporary file adds a dot, `temporarySuffix`, a process ID and a random number (at most
    /// ten digits each) and a dash.
    static let longestWrittenName = 255 - (1 + temporarySuffix.utf8.count + 10 + 1 + 10)

    /// Whether `name` is that of a temporary file a write left (`.NAME.sdkgen-PID-RANDOM`, or
    /// `.NAME.sdkgen-PID` from earlier versions) by a process that is no longer running: a
    /// killed run cannot remove its own, and another run's may still be renamed into place.
    static func isAbandonedTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: temporarySuffix, options: .backwards) else {
            return false
        }
        let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let pid = Int32(parts[0]), parts.dropFirst().allSatisfy({ UInt32($0) != nil })
        else { return false }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    private static func writeFully(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Creates `path` and any missing parent folders (mode 0777 before the umask).
    static func createDirectories(_ path: String) throws(Failure) {
        if mkdir(path, 0o777) == 0 || errno == EEXIST && isDirectory(path) { return }
        guard errno == ENOENT, let parent = path.pathFolder, !parent.isEmpty else {
            throw Failure("create the folder", path)
        }
        try createDirectories(parent)
        guard mkdir(path, 0o777) == 0 || errno == EEXIST && isDirectory(path) else {
            throw Failure("create the folder", path)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Removes the file at `path`; one already gone (another run removed it) is no failure.
    static func removeFile(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw Failure("remove", path) }
    }

    /// Removes the folder at `path` if it is empty; returns whether it did.
    @discardableResult
    static func removeIfEmpty(_ path: String) -> Bool {
        rmdir(path) == 0
    }
}
