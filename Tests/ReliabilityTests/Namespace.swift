import Foundation

/// Runs a command in a mount namespace of its own (`unshare -m`), where the storage directory
/// can be made read-only or replaced by a tiny file system without touching the host's mounts.
/// Needs root (or user namespaces); `isAvailable` says whether it works here.
enum Namespace {
    /// `unshare` from util-linux.
    static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")

    /// Whether `unshare -m` can mount in this environment.
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: unshare.path) else { return false }
        let probe = try? DriverProcess.run(
            executable: unshare, arguments: ["-m", "sh", "-c", "mount -t tmpfs -o size=4k tmpfs /mnt"])
        return probe.map { !$0.diedOfSignal && $0.status == 0 } ?? false
    }()

    /// `unshare` arguments that run `command` with `directory` bind-mounted read-only over itself.
    static func readOnly(_ directory: URL, command: [String]) -> [String] {
        let script = """
            set -e; dir="$1"; shift
            mount --bind "$dir" "$dir"; mount -o remount,ro,bind "$dir" "$dir"
            exec "$@"
            """
        return ["-m", "sh", "-c", script, "sh", directory.path] + command
    }

    /// `unshare` arguments that run `command` with an empty file system of `kilobytes` KiB
    /// mounted on `directory`, then copy what it holds to `copy` (so the caller can look at it:
    /// the file system goes away with the namespace). Exits with `command`'s status.
    static func tinyFileSystem(_ directory: URL, kilobytes: Int, copy: URL, command: [String]) -> [String] {
        let script = """
            set -e; dir="$1"; size="$2"; copy="$3"; shift 3
            mount -t tmpfs -o size="$size"k,mode=0700 tmpfs "$dir"
            status=0; "$@" || status=$?
            cp -a "$dir"/. "$copy"/
            exit $status
            """
        return ["-m", "sh", "-c", script, "sh", directory.path, String(kilobytes), copy.path] + command
    }
}

/// The files under a directory and their bytes, to prove nothing was changed or deleted.
struct DirectorySnapshot: Equatable {
    /// Relative path -> contents.
    var files: [String: Data]

    /// Reads every regular file under `directory`.
    init(_ directory: URL) throws {
        files = [:]
        let base = directory.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return }
        while let relative = walker.nextObject() as? String {
            let url = URL(fileURLWithPath: base).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try Data(contentsOf: url)
            }
        }
    }
}
