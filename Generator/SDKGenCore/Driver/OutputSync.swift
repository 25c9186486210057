import Foundation
import Synchronization

/// Brings an output directory in line with what the generator produced: writes only files
/// whose bytes changed, and removes files no spec produces any more once every write succeeded.
///
/// A file is removed only when it is sdkgen's own: its first line is sdkgen's header naming a
/// spec of this run, or a spec that no longer exists (its spec was deleted). Any other file in
/// an output folder (a hand-written helper, a file from another spec) is listed as foreign and
/// kept.
public struct OutputSync {
    /// What differs between the expected files and the directory.
    public struct Changes: Sendable {
        /// Files to create or overwrite, relative to the root.
        public var stale: [String]
        /// Files sdkgen wrote that no spec produces any more, relative to the root.
        public var orphaned: [String]
        /// Files present that sdkgen did not write for these specs: never removed, never
        /// overwritten, only reported.
        public var foreign: [String] = []
        /// Generated files whose path holds a file sdkgen did not write: the run writes
        /// nothing while there is one.
        public var conflicts: [String] = []
        /// Whether nothing needs writing or removing (foreign files are not a difference).
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
        let files = files
        let rootPath = rootPath
        let paths = files.keys.sorted()
        // Reading thousands of files back is independent work: spread over the cores.
        let isCurrent = paths.parallelMap { path in
            FileTree.contains(rootPath + "/" + path, exactly: files[path, default: ""])
        }
        let stale = zip(paths, isCurrent).filter { !$0.1 }.map(\.0)
        let specs = Set(files.values.compactMap(GeneratedFileHeader.specFile(of:)))
        var orphaned: [String] = []
        var foreign: [String] = []
        for path in existingFiles() where files[path] == nil {
            let spec = FileTree.head(rootPath + "/" + path).flatMap(GeneratedFileHeader.specFile(of:))
            // A file whose spec is gone is removed, except from the folder every spec shares
            // when sdkgen runs for some specs only: there it may be another spec's, named from
            // where that spec was generated, and only a run of that spec (or of all) removes it.
            let mayBeOtherSpecs = ownedFolders != nil && path.hasPrefix(OpenAPIExporter.folder + "/")
            if let spec, specs.contains(spec) || !mayBeOtherSpecs && !FileTree.exists(spec) {
                orphaned.append(path)
            } else {
                foreign.append(path)
            }
        }
        orphaned += renamedModuleFiles(of: specs)
        let conflicts = stale.filter { path in
            guard let head = FileTree.head(rootPath + "/" + path) else { return false }
            return GeneratedFileHeader.specFile(of: head) == nil
        }
        return Changes(stale: stale, orphaned: orphaned, foreign: foreign, conflicts: conflicts)
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

    /// A generated file would replace a file sdkgen did not write.
    public struct Conflict: Error, CustomStringConvertible {
        /// The paths, relative to the root.
        public var paths: [String]
        /// What to tell the user.
        public var description: String {
            "sdkgen would write over files it did not write (move them away first): "
                + paths.joined(separator: ", ")
        }
    }

    /// Writes stale files (atomically), then removes orphaned ones and folders left empty;
    /// writes nothing when a generated file would replace a file sdkgen did not write, and
    /// removes nothing when a write failed.
    public func apply(_ changes: Changes) throws {
        guard changes.conflicts.isEmpty else { throw Conflict(paths: changes.conflicts) }
        let files = files
        let rootPath = rootPath
        var folders = Set<String>()
        for path in changes.stale {
            let target = rootPath + "/" + path
            let folder = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
            if folders.insert(folder).inserted { try FileTree.createDirectories(folder) }
        }
        // Each write is a file of its own: spread over the cores (creating a file is most of the
        // time of a fresh output), a folder to a core at a time, largest first (creating a file
        // locks its folder, so two writers in one folder would wait for each other). Every write
        // is tried; the first failure in path order is thrown.
        let folderFiles = Dictionary(grouping: changes.stale) { $0[..<($0.lastIndex(of: "/") ?? $0.startIndex)] }
            .sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map(\.value)
        let found = Mutex<[String: FileTree.Failure]>([:])
        DispatchQueue.concurrentPerform(iterations: folderFiles.count) { index in
            for path in folderFiles[index] {
                do throws(FileTree.Failure) {
                    try FileTree.writeAtomically(files[path, default: ""], to: rootPath + "/" + path)
                } catch {
                    found.withLock { $0[path] = error }
                }
            }
        }
        if let failure = found.withLock({ $0.min { $0.key < $1.key }?.value }) { throw failure }
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

    /// When the generator owns only some folders: the files in the other folders named as
    /// modules are (`<Name>API`, `<Name>ContractTests`, `<Name>Emulator`) that this run does not
    /// produce and whose header names a spec of this run. They are what an earlier run of the
    /// same spec wrote under its old API name; files of other specs or of no spec there, and
    /// every file in folders not named as modules, are not this run's. Folder names are
    /// compared ignoring case, as API names are: on a file system that ignores case, a rename
    /// that changes only case writes into the old folder.
    func renamedModuleFiles(of specs: Set<String>) -> [String] {
        guard let ownedFolders else { return [] }
        let owned = Set(ownedFolders.map { ($0.split(separator: "/").first.map(String.init) ?? $0).lowercased() })
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: rootPath)) ?? []
        var found: [String] = []
        for folder in listing.sorted()
        where !owned.contains(folder.lowercased()) && SpecTranslator.isModuleFolder(folder) {
            for file in FileTree.walk(rootPath + "/" + folder).files {
                let path = folder + "/" + file
                if files[path] == nil,
                    let spec = FileTree.head(rootPath + "/" + path).flatMap(GeneratedFileHeader.specFile(of:)),
                    specs.contains(spec)
                {
                    found.append(path)
                }
            }
        }
        return found
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
