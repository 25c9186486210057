import Foundation
import PackagePlugin

/// `swift package regenerate-sdks [--check]`: runs `sdkgen` on the package, exactly as the bare
/// command-line tool does (every spec in `Spec/` into `Generated/`).
@main
struct RegenerateSDKs: CommandPlugin {
    /// Runs the generator in the package directory and fails when it fails.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "sdkgen")
        let process = Process()
        process.executableURL = tool.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure(status: process.terminationStatus)
        }
    }
}

/// The generator's exit status, when it is not zero.
struct PluginFailure: Error, CustomStringConvertible {
    /// The status `sdkgen` exited with.
    let status: Int32
    /// A one-line explanation shown by SwiftPM.
    var description: String { "sdkgen exited with status \(status)" }
}
