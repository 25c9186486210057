import Foundation

/// Where SwiftPM put what it built for the tests (`.build/debug`): the executables the tests
/// run as child processes and the module files they read.
public enum BuiltProducts {
    /// The folder of the built products. On Linux the test bundle is an executable in it; on
    /// Apple platforms the tests run inside a helper that loads the `.xctest` bundle from it:
    /// `swiftpm-testing-helper`, which is told the bundle's path (`--test-bundle-path`), or
    /// `xctest`, which loads it as a bundle.
    public static let folder: URL = {
        #if canImport(Darwin)
            let arguments = CommandLine.arguments
            if let flag = arguments.firstIndex(of: "--test-bundle-path"), flag + 1 < arguments.count {
                return URL(fileURLWithPath: arguments[flag + 1]).deletingLastPathComponent()
            }
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
