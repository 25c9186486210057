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
/// atomicity are exactly as documented: folders 0700, files 0600, replaced by rename.
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

    /// Reads the regular file at `url`, refusing files larger than `limit` bytes.
    static func readRegularFile(_ url: URL, limit: Int) -> ReadResult {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
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
        if DataProtectionGate.meansNotReadableForNow(errno: code) { return .notReadableForNow(reason: describe(code)) }
        return .unusable(.unreadable(reason: describe(code)))
    }

    /// Creates `directory` (and missing parents) with mode 0700; an existing folder is kept as
    /// it is.
    static func createDirectory(_ directory: URL) throws(MobileJoeError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .storageFailed(reason: "a file is in the place of the storage folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .storageFailed(reason: "the storage folder could not be created (\(error.localizedDescription))")
        }
        guard chmod(directory.path, 0o700) == 0 else {
            throw .storageFailed(reason: "the storage folder could not be restricted: \(describe(errno))")
        }
    }

    /// Replaces the file at `url` with `data` atomically: the bytes go to a new 0600 file in the
    /// same folder, are flushed, and the new file is renamed over the old one. A reader sees the
    /// old file or the new one, never a mix; on failure the old file is untouched.
    static func writeAtomically(_ data: Data, to url: URL) throws(MobileJoeError) {
        let directory = url.deletingLastPathComponent()
        try createDirectory(directory)
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString.lowercased()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("could not be created", errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(MobileJoeError) {
            guard fchmod(descriptor, 0o600) == 0 else { throw failure("could not be restricted", errno) }
            withoutDataProtectionClass(temporary)
            try writeAll(data, to: descriptor)
            guard fsync(descriptor) == 0 else { throw failure("could not be flushed", errno) }
            closed = true
            guard close(descriptor) == 0 else { throw failure("could not be closed", errno) }
            guard rename(temporary.path, url.path) == 0 else { throw failure("could not be renamed", errno) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        syncDirectory(directory)
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
                        reason: "the unusable identity file could not be moved aside: \(describe(errno))")
                }
                return target
            }
            attempt += 1
        }
    }

    /// Gives the file at `url` no Data Protection class on Apple platforms, as the page says the
    /// identity file is written, so that a launch before the device's first unlock can read it
    /// (files otherwise get the app's default class). Best effort: where the system keeps the
    /// default class (macOS ignores file protection), the file is still written.
    private static func withoutDataProtectionClass(_ url: URL) {
        #if canImport(Darwin)
            try? FileManager.default.setAttributes([.protectionKey: FileProtectionType.none], ofItemAtPath: url.path)
        #endif
    }

    /// Writes every byte of `data`, retrying short and interrupted writes.
    static func writeAll(_ data: Data, to descriptor: Int32) throws(MobileJoeError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("could not be written", errno)
            }
            offset += written
        }
    }

    /// Flushes the folder entry of a rename; best effort (some file systems refuse it).
    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ what: String, _ code: Int32) -> MobileJoeError {
        .storageFailed(reason: "the identity file \(what): \(describe(code))")
    }

    /// The system's message for `code`, with the number.
    static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
