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
            !FileTree.contains(rootPath + "/" + path, exactly: files[path, default: ""])
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
        var folders = Set<String>()
        for path in changes.stale {
            let target = rootPath + "/" + path
            let folder = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
            if folders.insert(folder).inserted { try FileTree.createDirectories(folder) }
            try FileTree.writeAtomically(files[path, default: ""], to: target)
        }
        for path in changes.orphaned {
            try FileTree.removeFile(rootPath + "/" + path)
        }
        removeEmptyFolders()
    }

    /// The root as a plain path, without a trailing slash.
    private var rootPath: String {
        let path = root.standardizedFileURL.path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Regular files below the owned folders, relative to the root, sorted.
    func existingFiles() -> [String] {
        var found: [String] = []
        for folder in ownedFolders ?? [""] {
            let listing = FileTree.walk(folder.isEmpty ? rootPath : rootPath + "/" + folder)
            found += listing.files.map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
        return found.sorted()
    }

    /// Removes every empty folder below the root, deepest first, so that a folder holding only
    /// empty folders goes too.
    func removeEmptyFolders() {
        let folders = FileTree.walk(rootPath).directories
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            FileTree.removeIfEmpty(rootPath + "/" + folder)
        }
    }
}
