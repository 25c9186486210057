import Foundation

/// The name a spec goes by in generated files and diagnostics: its path relative to the package
/// that holds it (the nearest folder above it with a `Package.swift`), so the bytes sdkgen writes
/// do not depend on the directory it runs in: `Spec/a.yaml` from the package root,
/// `a.yaml` from `Spec/`, `./Spec/a.yaml` and `/abs/pkg/Spec/a.yaml` all name `Spec/a.yaml`, and
/// `--check` agrees with any of them. A spec outside any package is named relative to the
/// directory sdkgen runs in (`name(of:in:)`).
///
/// Apart from looking for `Package.swift`, the name is worked out from the text of the paths
/// (`.` and `..` are resolved without reading the file system); the file itself is read at the
/// path as given.
enum SpecPathName {
    /// `path`, given relative to `directory` (the one sdkgen runs in) or absolute, relative to
    /// the package that holds it; `name(of:in:)` when no folder above it has a `Package.swift`.
    static func packageName(of path: String, runningIn directory: String) -> String {
        let absolute = normalized(path.hasPrefix("/") ? path : directory + "/" + path)
        var folder = absolute
        while folder != "/", let parent = folder.pathFolder {
            folder = parent.isEmpty ? "/" : parent
            if FileTree.exists(folder == "/" ? "/Package.swift" : folder + "/Package.swift") {
                return name(of: absolute, in: folder)
            }
        }
        return name(of: path, in: directory)
    }

    /// `path` relative to `directory` when it lies below it; otherwise `path` with `.` and
    /// empty components removed and `..` resolved where it can be.
    static func name(of path: String, in directory: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        let absolute = normalized(isAbsolute ? path : directory + "/" + path)
        let base = normalized(directory)
        let prefix = base == "/" ? "/" : base + "/"
        if absolute.hasPrefix(prefix) {
            return String(absolute.dropFirst(prefix.count))
        }
        return isAbsolute ? absolute : normalizedRelative(path)
    }

    /// An absolute path with `.`, empty components and resolvable `..` removed.
    private static func normalized(_ path: String) -> String {
        "/" + components(of: path, keepingLeadingParents: false).joined(separator: "/")
    }

    /// A relative path with `.` and empty components removed and `..` resolved where a
    /// component before it can absorb it.
    private static func normalizedRelative(_ path: String) -> String {
        let parts = components(of: path, keepingLeadingParents: true)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The components of `path` without `.` and empty ones, each `..` taking away the component
    /// before it; a `..` with none before it is kept when `keepingLeadingParents` (a relative
    /// path may climb above where it starts), dropped otherwise (nothing is above `/`).
    private static func components(of path: String, keepingLeadingParents: Bool) -> [Substring] {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if keepingLeadingParents {
                    parts.append(part)
                }
            default: parts.append(part)
            }
        }
        return parts
    }
}
