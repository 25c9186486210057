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

    /// Whether the output folder `path` is the file system's root (`/`, also written as
    /// `/tmp/..` or through a link), which sdkgen refuses: its modules do not belong there, and
    /// a mistake there would touch the whole system.
    public static func isFileSystemRoot(_ path: String) -> Bool {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path == "/"
    }

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
            // Left by a run that was killed while writing.
            if FileTree.isAbandonedTemporary(path.pathName) {
                orphaned.append(path)
                continue
            }
            let spec = FileTree.head(rootPath + "/" + path).flatMap(GeneratedFileHeader.specFile(of:))
            // A file whose spec is gone is removed, except from the folder every spec shares
            // when sdkgen runs for some specs only: there it may be another spec's, named from
            // where that spec was generated, and only a run of that spec (or of all) removes it.
            let mayBeOtherSpecs = ownedFolders != nil && path.utf8.starts(with: (OpenAPIExporter.folder + "/").utf8)
            if let spec, specs.contains(spec) || !mayBeOtherSpecs && !FileTree.exists(spec) {
                orphaned.append(path)
            } else {
                foreign.append(path)
            }
        }
        orphaned += renamedModuleFiles(of: specs)
        // Whatever is at a generated file's path and is not a file sdkgen wrote: a hand-written
        // or unreadable file, a folder, a link, a pipe.
        let conflicts = stale.filter { path in
            let target = rootPath + "/" + path
            guard let kind = FileTree.kind(at: target) else { return false }
            return kind != .file || FileTree.head(target).flatMap(GeneratedFileHeader.specFile(of:)) == nil
        }
        return Changes(
            stale: stale, orphaned: orphaned, foreign: foreign, conflicts: folderConflicts(of: stale) + conflicts)
    }

    /// The folders a generated file of `paths` goes in, or an owned folder, that are not
    /// folders: a symbolic link (sdkgen never writes or deletes through one: it may lead out of
    /// the output), or a file in the way.
    private func folderConflicts(of paths: [String]) -> [String] {
        var folders = Set(ownedFolders ?? [])
        for path in paths {
            var folder = path
            while let parent = folder.pathFolder {
                folder = parent
                guard folders.insert(folder).inserted else { break }
            }
        }
        return folders.sorted().filter { folder in
            guard let kind = FileTree.kind(at: rootPath + "/" + folder) else { return false }
            return kind != .directory
        }
    }

    /// The unified diff of every difference, as `--check` prints it.
    ///
    /// What is in the way of a generated file (`Changes.conflicts`, or anything below a folder
    /// that is) is left out, never read: a link there may lead anywhere, and `--check` output
    /// goes to logs.
    public func diff(_ changes: Changes) -> String {
        var out = ""
        let blocked = changes.conflicts
        for path in changes.stale
        where !blocked.contains(where: { path == $0 || path.utf8.starts(with: ($0 + "/").utf8) }) {
            let old = FileTree.text(at: rootPath + "/" + path) ?? ""
            out += UnifiedDiff.diff(old: old, new: files[path, default: ""], oldName: "a/\(path)", newName: "b/\(path)")
        }
        for path in changes.orphaned {
            let old = FileTree.text(at: rootPath + "/" + path) ?? ""
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
            let folder = target.pathFolder ?? target
            if folders.insert(folder).inserted { try FileTree.createDirectories(folder) }
        }
        // Each write is a file of its own: spread over the cores (creating a file is most of the
        // time of a fresh output), a folder to a core at a time, largest first (creating a file
        // locks its folder, so two writers in one folder would wait for each other). Every write
        // is tried; the first failure in path order is thrown.
        let folderFiles = Dictionary(grouping: changes.stale) { $0.pathFolder ?? "" }
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
        removeFoldersEmptied(by: changes.orphaned)
    }

    /// The root as a plain path, without a trailing slash.
    private var rootPath: String {
        let path = root.standardizedFileURL.path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Regular files below the owned folders, relative to the root, sorted. An owned folder that
    /// is a link is not followed (it is a conflict).
    func existingFiles() -> [String] {
        var found: [String] = []
        for folder in ownedFolders ?? [""] {
            let path = folder.isEmpty ? rootPath : rootPath + "/" + folder
            guard folder.isEmpty || FileTree.kind(at: path) == .directory else { continue }
            let listing = FileTree.walk(path)
            found += listing.files.map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
        return found.sorted()
    }

    /// When the generator owns only some folders: the files in the other folders named as
    /// modules are (`<Name>API`, `<Name>ContractTests`, `<Name>Emulator`) that this run does not
    /// produce and whose header names a spec of this run. They are what an earlier run of the
    /// same spec wrote under its old API name; files of other specs or of no spec there, and
    /// every file in folders not named as modules, are not this run's. Folder names are
    /// compared ignoring case, as API names are; a folder is the run's own when it is the same
    /// folder as an owned one (on a file system that ignores case, a rename that changes only
    /// case writes into the old folder), and another when it is not (where case counts, the
    /// old `NOTESAPI` beside the new `NotesAPI`). Links are never followed.
    func renamedModuleFiles(of specs: Set<String>) -> [String] {
        guard let ownedFolders else { return [] }
        let owned = Set(ownedFolders.map { $0.split(separator: "/").first.map(String.init) ?? $0 })
        let ownedIdentities = Set(owned.compactMap { FileTree.identity(of: rootPath + "/" + $0) })
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: rootPath)) ?? []
        var found: [String] = []
        for folder in listing.sorted()
        where !owned.contains(folder) && SpecTranslator.isModuleFolder(folder)
            && FileTree.kind(at: rootPath + "/" + folder) == .directory
            && FileTree.identity(of: rootPath + "/" + folder).map({ !ownedIdentities.contains($0) }) ?? false
        {
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

    /// Removes the folders that removing `paths` left empty, each as far up as it stays empty
    /// (below the root): only folders this run emptied, never another empty folder of the
    /// output (a `.git` folder's, or one the user made).
    func removeFoldersEmptied(by paths: [String]) {
        var folders = Set<String>()
        for path in paths {
            var folder = path
            while let parent = folder.pathFolder {
                folder = parent
                folders.insert(folder)
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            FileTree.removeIfEmpty(rootPath + "/" + folder)
        }
    }
}
