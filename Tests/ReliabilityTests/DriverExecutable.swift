import Foundation

/// The `voidhash-crash-driver` executable, built next to the test bundle.
enum DriverExecutable {
    /// Its location, or `nil` when it was not built.
    static let url: URL? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map {
            $0.appendingPathComponent("voidhash-crash-driver")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}
