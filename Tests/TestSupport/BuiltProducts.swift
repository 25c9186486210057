import Foundation

/// Where SwiftPM put what it built for the tests (`.build/debug`): the executables the tests
/// run as child processes and the module files they read.
public enum BuiltProducts {
    /// The folder of the built products. On Linux the test bundle is an executable in it; on
    /// Apple platforms the tests run inside a helper (`xctest`, `swiftpm-testing-helper`) that
    /// loads the `.xctest` bundle from it.
    public static let folder: URL = {
        #if canImport(Darwin)
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    }()

    /// The built executable `name`, or `nil` when it was not built.
    public static func executable(_ name: String) -> URL? {
        let candidates = [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
