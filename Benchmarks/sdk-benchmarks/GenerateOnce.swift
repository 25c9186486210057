import Foundation
import SDKGenCore

/// `sdk-benchmarks generate-once SPEC --output DIR`: one generator run as `sdkgen` does it
/// (read, load, translate, render, compare, write what changed), in a process of its own so that
/// the parent can read its peak memory.
enum GenerateOnce {
    /// Generates `spec` into `output`; prints the file counts, or the diagnostics and fails.
    static func run(spec: String, output: String) -> Int32 {
        let result = GeneratorRun.run(specPaths: [spec])
        guard !result.failed else {
            for diagnostic in result.diagnostics { print(diagnostic) }
            return 1
        }
        let sync = OutputSync(
            root: URL(fileURLWithPath: output), ownedFolders: result.outputFolders, files: result.files)
        let changes = sync.changes()
        do {
            try sync.apply(changes)
        } catch {
            print("cannot write \(output): \(error)")
            return 1
        }
        print("\(result.files.count) files, \(changes.stale.count) written")
        return 0
    }
}
