import Foundation

/// Finds `sdkgen` beside the benchmark, built in the benchmark's own configuration, so that
/// `sdkgen --check` can be timed as a whole process.
enum SDKGenExecutable {
    /// The path of `sdkgen`, brought up to date first (a no-op build when it is).
    static func path(_ context: BenchmarkContext) throws -> String {
        let folder = URL(fileURLWithPath: ChildProcess.selfPath).deletingLastPathComponent()
        let configuration = folder.lastPathComponent == "debug" ? "debug" : "release"
        context.log("generator: building sdkgen (\(configuration))")
        _ = try ChildProcess.runChecked(
            "swift", ["build", "-c", configuration, "--product", "sdkgen"])
        return folder.appendingPathComponent("sdkgen").path
    }
}
