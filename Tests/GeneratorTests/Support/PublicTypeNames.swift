import Foundation
import SDKGenCore
import TestSupport

/// The public top-level type names a module exports, read from its symbol graph with the
/// toolchain's `swift-symbolgraph-extract`: the names a spec's types may clash with.
enum PublicTypeNames {
    /// The toolchain's swift-symbolgraph-extract, if there is one.
    static let tool = Toolchain.tool("swift-symbolgraph-extract")

    /// Whether the names can be read here; in CI they must be.
    static var isAvailable: Bool { tool != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The folder of this build's module files (beside the test bundle), where the package's own
    /// modules are found.
    static var builtModules: URL {
        BuiltProducts.folder.appendingPathComponent("Modules")
    }

    /// The folders of the package's C module maps, which its Swift modules import.
    static var cModuleFolders: [URL] {
        ["Sources/CSQLite", "Sources/CCrypto"].map(PackagePaths.url)
    }

    /// The public top-level types, protocols, type aliases and (with `macros`) macros of `module`
    /// whose names are type identifiers (upper-case first, letters and digits: what a spec may
    /// name a type).
    static func names(of module: String, searchPaths: [URL] = [], macros: Bool = true) throws -> Set<String> {
        guard let tool else { throw Failure("swift-symbolgraph-extract is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-sg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #if arch(x86_64)
            let target = "x86_64-unknown-linux-gnu"
        #else
            let target = "aarch64-unknown-linux-gnu"
        #endif
        let arguments =
            ["-module-name", module, "-target", target, "-output-dir", folder.path, "-minimum-access-level", "public"]
            + searchPaths.flatMap { ["-I", $0.path] }
        let termination = try ChildProcess(tool, arguments).wait()
        guard termination == .exited(0) else {
            throw Failure("swift-symbolgraph-extract failed for \(module) (\(termination))")
        }
        let data = try Data(contentsOf: folder.appendingPathComponent("\(module).symbols.json"))
        guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]]
        else { throw Failure("the symbol graph of \(module) is not what swift-symbolgraph-extract writes") }
        var kinds: Set = [
            "swift.struct", "swift.enum", "swift.class", "swift.actor", "swift.protocol", "swift.typealias",
        ]
        if macros { kinds.insert("swift.macro") }
        var names: Set<String> = []
        for symbol in symbols {
            guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, kinds.contains(kind),
                let path = symbol["pathComponents"] as? [String], path.count == 1, let full = path.first
            else { continue }
            // A macro's path component carries its argument labels: `Test(_:_:)`.
            let name = String(full.prefix { $0 != "(" })
            if SwiftNaming.isTypeIdentifier(name) { names.insert(name) }
        }
        return names
    }

    /// Why the names could not be read.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) { self.description = description }
    }
}
