import Foundation

/// Paths inside the package, found from this file's location so tests do not depend on the
/// working directory.
enum PackagePaths {
    /// The package root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `root/relative`.
    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The text of `root/relative`.
    static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }

    /// Every regular file below `root/relative`, by path relative to that folder.
    static func files(below relative: String) throws -> [String: String] {
        let base = url(relative).standardizedFileURL
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        while let next = enumerator?.nextObject() as? URL {
            guard try next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = String(next.standardizedFileURL.path.dropFirst(base.path.count + 1))
            files[path] = try String(contentsOf: next, encoding: .utf8)
        }
        return files
    }
}
