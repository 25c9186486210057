import Foundation

/// Brings an output directory in line with what the generator produced: writes only files
/// whose bytes changed, and removes files no spec produces any more once every write succeeded.
public struct OutputSync {
    /// What differs between the expected files and the directory.
    public struct Changes: Sendable {
        /// Files to create or overwrite, relative to the root.
        public var stale: [String]
        /// Files present but produced by no spec, relative to the root.
        public var orphaned: [String]
        /// Whether nothing differs.
        public var isEmpty: Bool { stale.isEmpty && orphaned.isEmpty }
    }

    /// The output root (`Generated/`).
    public let root: URL
    /// The folders below the root that the generator owns; files in them that it does not
    /// produce are removed. `nil` means it owns the whole root.
    public let ownedFolders: [String]?
    /// The expected files, by path relative to the root.
    public let files: [String: String]

    /// A sync of `files` into `root`.
    public init(root: URL, ownedFolders: [String]?, files: [String: String]) {
        self.root = root
        self.ownedFolders = ownedFolders
        self.files = files
    }

    /// Compares without changing anything.
    public func changes() -> Changes {
        let stale = files.keys.sorted().filter { path in
            (try? Data(contentsOf: root.appendingPathComponent(path))) != Data(files[path, default: ""].utf8)
        }
        let orphaned = existingFiles().filter { files[$0] == nil }
        return Changes(stale: stale, orphaned: orphaned)
    }

    /// The unified diff of every difference, as `--check` prints it.
    public func diff(_ changes: Changes) -> String {
        var out = ""
        for path in changes.stale {
            let url = root.appendingPathComponent(path)
            let old = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            out += UnifiedDiff.diff(old: old, new: files[path, default: ""], oldName: "a/\(path)", newName: "b/\(path)")
        }
        for path in changes.orphaned {
            let old = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
            out += UnifiedDiff.diff(old: old, new: "", oldName: "a/\(path)", newName: "/dev/null")
        }
        return out
    }

    /// Writes stale files (atomically), then removes orphaned ones and folders left empty.
    public func apply(_ changes: Changes) throws {
        for path in changes.stale {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(files[path, default: ""].utf8).write(to: url, options: .atomic)
        }
        for path in changes.orphaned {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
        removeEmptyFolders()
    }

    /// Regular files below the owned folders, relative to the root, sorted.
    func existingFiles() -> [String] {
        let folders = ownedFolders ?? [""]
        var found: [String] = []
        for folder in folders {
            let base = folder.isEmpty ? root : root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else {
                continue
            }
            for case let url as URL in enumerator {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let relative = url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)
                found.append(String(relative))
            }
        }
        return found.sorted()
    }

    func removeEmptyFolders() {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return }
        let folders = enumerator.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
        }
        for folder in folders.sorted(by: { $0.path.count > $1.path.count }) {
            if (try? FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty) == true {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}
