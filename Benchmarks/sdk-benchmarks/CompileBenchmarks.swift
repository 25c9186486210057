import Foundation
import SDKGenCore

/// The compile cost of generated code: a debug `swift build` of the API module of the 100- and
/// 1,000-model synthetic specs, in a small package under the scratch folder that depends on this
/// package (by path) for SDKRuntime. The package is built once to warm up (SDKRuntime, module
/// caches); then each sample marks every source of the module as changed and builds just that
/// target, which compiles the whole module again.
enum CompileBenchmarks {
    private static let group = "compile"

    /// Measures the compile figures; none in a quick run.
    static func run(_ context: BenchmarkContext) throws -> [Figure] {
        guard !context.quick else {
            context.log("compile: skipped in a quick run")
            return []
        }
        let sizes = [100, 1_000]
        let package = context.scratch.appendingPathComponent("compile-probe")
        var targets: [String] = []
        for size in sizes {
            targets.append(try writeModule(SyntheticSpec(models: size), into: package))
        }
        try manifest(targets: targets, root: context.packageRoot)
            .write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        context.log("compile: warming up (SDKRuntime and both modules, debug)")
        _ = try build(package, target: nil)
        var figures: [Figure] = []
        for (size, target) in zip(sizes, targets) {
            context.log("compile: \(target)")
            let outcomes = try (0..<(size >= 1_000 ? 2 : 3)).map { _ in try cleanBuild(target, in: package) }
            let times = outcomes.map { Sampler.seconds($0.elapsed) }
            let noOp = try build(package, target: target)
            figures += [
                Figure(
                    group: group, name: "\(size) models: clean debug build of \(target)", unit: .seconds,
                    values: times, target: .under(size >= 1_000 ? 60 : 5)),
                Figure(
                    group: group, name: "\(size) models: per model", unit: .milliseconds,
                    values: times.map { $0 * 1_000 / Double(size) }),
                Figure(
                    group: group, name: "\(size) models: peak memory of the build", unit: .megabytes,
                    values: outcomes.map(\.peakResidentMegabytes), target: size >= 1_000 ? .under(2_048) : nil,
                    note: "largest single process of the build (wait4 ru_maxrss)"),
                Figure(
                    group: group, name: "\(size) models: no-op build (SwiftPM's own overhead)",
                    unit: .seconds, values: [Sampler.seconds(noOp.elapsed)]),
            ]
        }
        context.log("compile: again without the index store (warming up)")
        let noIndex = ["--disable-index-store"]
        _ = try build(package, target: nil, noIndex)
        for (size, target) in zip(sizes, targets) {
            context.log("compile: \(target) without the index store")
            let outcomes = try (0..<(size >= 1_000 ? 1 : 3)).map { _ in try cleanBuild(target, in: package, noIndex) }
            figures.append(
                Figure(
                    group: group, name: "\(size) models: the same, --disable-index-store", unit: .seconds,
                    values: outcomes.map { Sampler.seconds($0.elapsed) },
                    note: "swift build indexes while it builds in debug; most of the difference is that"))
        }
        return figures
    }

    /// Marks every source of `target` as changed and builds it.
    private static func cleanBuild(
        _ target: String, in package: URL, _ options: [String] = []
    ) throws -> ChildProcess.Outcome {
        try touchSources(of: target, in: package)
        return try build(package, target: target, options)
    }

    /// Generates `spec`'s API module into `package/Sources` and returns the module's name.
    private static func writeModule(_ spec: SyntheticSpec, into package: URL) throws -> String {
        let specURL = package.appendingPathComponent("\(spec.apiName).yaml")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try spec.text.write(to: specURL, atomically: true, encoding: .utf8)
        let result = GeneratorRun.run(specPaths: [specURL.path])
        guard !result.failed else {
            throw ChildProcess.Failure(
                description: result.diagnostics.map { "\($0)" }.joined(separator: "\n"))
        }
        let module = spec.apiName + "API"
        let files = result.files.filter { $0.key.hasPrefix(module + "/") }
        let sync = OutputSync(
            root: package.appendingPathComponent("Sources"), ownedFolders: [module], files: files)
        try sync.apply(sync.changes())
        return module
    }

    /// A manifest with one library target per module, each depending on this package's
    /// SDKRuntime.
    private static func manifest(targets: [String], root: URL) -> String {
        let identity = root.lastPathComponent.lowercased()
        let declarations = targets.map { target in
            """
                    .target(
                        name: "\(target)",
                        dependencies: [.product(name: "SDKRuntime", package: "\(identity)")],
                        swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
            """
        }
        return """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "CompileProbe",
                platforms: [.macOS(.v15), .iOS(.v18)],
                dependencies: [.package(path: "\(root.path)")],
                targets: [
            \(declarations.joined(separator: "\n"))
                ]
            )

            """
    }

    /// A debug `swift build` of `target` (of everything when `nil`) with `options`.
    private static func build(
        _ package: URL, target: String?, _ options: [String] = []
    ) throws -> ChildProcess.Outcome {
        try ChildProcess.runChecked(
            "swift", ["build", "--package-path", package.path] + (target.map { ["--target", $0] } ?? []) + options)
    }

    /// Marks every source file of `target` as changed, so that the next build compiles the whole
    /// module again (SwiftPM's build plan and the rest of the package stay as they are).
    private static func touchSources(of target: String, in package: URL) throws {
        let folder = package.appendingPathComponent("Sources/\(target)")
        let now = Date()
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return }
        for case let file as String in files where file.hasSuffix(".swift") {
            try FileManager.default.setAttributes(
                [.modificationDate: now], ofItemAtPath: folder.appendingPathComponent(file).path)
        }
    }
}
