import Foundation
import SDKGenCore

/// The compile cost of generated code: a clean debug `swift build` of the API module of the 100-
/// and 1,000-model specs of the run's shape, in a small package under the scratch folder that
/// depends on this package (by path) for SDKRuntime. The package is built once to warm up
/// (SDKRuntime, module caches, SwiftPM's build plan); then each sample deletes what the module's
/// compilation wrote (object files, the module, the incremental records) and builds just that
/// target, which compiles the whole module again and nothing else. On the peer shape, the floor
/// (``CompileFloor``: the same 100 models and enums in plain Swift) is measured the same way
/// first, and the 100-model module's compiler CPU is set against it.
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
            targets.append(try writeModule(context.shape.spec(models: size), into: package))
        }
        // The floor beside the 100-model module: the same models and enums in plain Swift.
        let floor = context.shape == .peer ? try writeFloor(models: sizes[0], into: package) : nil
        try manifest(targets: targets, plainTargets: floor.map { [$0] } ?? [], root: context.packageRoot)
            .write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        context.log("compile: warming up (SDKRuntime and both modules, debug)")
        _ = try build(package, target: nil)
        var figures: [Figure] = []
        let shape = context.shape.rawValue
        var floorCPU: [Double] = []
        if let floor {
            let (floorFigures, cpu) = try measureFloor(floor, models: sizes[0], in: package, context: context)
            figures += floorFigures
            floorCPU = cpu
        }
        for (size, target) in zip(sizes, targets) {
            context.log("compile: \(target)")
            let builds = try CleanBuilds(target, count: size >= 1_000 ? 2 : 3, in: package)
            let small = size < 1_000
            figures += [
                Figure(
                    group: group, name: "\(size) \(shape) models: clean debug build of \(target)", unit: .seconds,
                    values: builds.seconds, target: .under(small ? 4 : 60)),
                Figure(
                    group: group, name: "\(size) \(shape) models: compiler CPU", unit: .seconds,
                    values: builds.cpu, target: small ? .under(3) : nil,
                    note: "CPU time of the build less that of a no-op build (SwiftPM's own)"),
                Figure(
                    group: group, name: "\(size) \(shape) models: per model", unit: .milliseconds,
                    values: builds.seconds.map { $0 * 1_000 / Double(size) }),
                Figure(
                    group: group, name: "\(size) \(shape) models: peak memory of the build", unit: .megabytes,
                    values: builds.outcomes.map(\.peakResidentMegabytes), target: small ? nil : .under(1_024),
                    note: "largest single process of the build (wait4 ru_maxrss)"),
                Figure(
                    group: group, name: "\(size) \(shape) models: no-op build (SwiftPM's own overhead)",
                    unit: .seconds, values: [Sampler.seconds(builds.noOp.elapsed)]),
            ]
            if size == sizes[0], !floorCPU.isEmpty {
                figures.append(
                    Figure(
                        group: group, name: "\(size) \(shape) models: compiler CPU / the floor's",
                        unit: .times,
                        values: zip(builds.cpu, floorCPU).map { $0 / $1 },
                        note: "sample by sample, against the floor measured in the same run"))
            }
        }
        return figures
    }

    /// Writes ``CompileFloor``'s module for `models` models into `package/Sources` and returns
    /// its name.
    private static func writeFloor(models: Int, into package: URL) throws -> String {
        let module = "Floor\(models)"
        let folder = package.appendingPathComponent("Sources/\(module)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in CompileFloor.files(models: models) {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return module
    }

    /// The floor's clean builds, measured as the generated modules' are: its figures, and its
    /// compiler CPU per sample.
    private static func measureFloor(
        _ target: String, models: Int, in package: URL, context: BenchmarkContext
    ) throws -> (figures: [Figure], cpu: [Double]) {
        context.log("compile: \(target), the floor")
        let builds = try CleanBuilds(target, count: 3, in: package)
        let figures = [
            Figure(
                group: group, name: "\(models) peer models as plain structs and enums (the floor): clean debug build",
                unit: .seconds, values: builds.seconds,
                note: "no conformance but Sendable, the parent by its ID: see CompileFloor"),
            Figure(
                group: group, name: "\(models) peer models as plain structs and enums (the floor): compiler CPU",
                unit: .seconds, values: builds.cpu),
        ]
        return (figures, builds.cpu)
    }

    /// Clean builds of one target, after a no-op build whose CPU time (SwiftPM's own) each
    /// sample's compiler CPU leaves out.
    private struct CleanBuilds {
        /// The no-op build before the samples.
        let noOp: ChildProcess.Outcome
        /// Each clean build.
        let outcomes: [ChildProcess.Outcome]

        /// Builds `target` once as it is, then `count` times clean.
        init(_ target: String, count: Int, in package: URL) throws {
            noOp = try build(package, target: target)
            outcomes = try (0..<count).map { _ in try cleanBuild(target, in: package) }
        }

        /// Each clean build's wall time, in seconds.
        var seconds: [Double] { outcomes.map { Sampler.seconds($0.elapsed) } }
        /// Each clean build's CPU time less the no-op build's, in seconds.
        var cpu: [Double] { outcomes.map { max(0, $0.cpuSeconds - noOp.cpuSeconds) } }
    }

    /// Deletes what compiling `target` wrote and builds it again.
    private static func cleanBuild(_ target: String, in package: URL) throws -> ChildProcess.Outcome {
        try deleteCompilerOutputs(of: target, in: package)
        return try build(package, target: target)
    }

    /// Generates `spec`'s API module into `package/Sources` and returns the module's name.
    private static func writeModule(_ spec: any BenchmarkSpec, into package: URL) throws -> String {
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

    /// A manifest with one library target per module: `targets` depend on this package's
    /// SDKRuntime, `plainTargets` on nothing.
    private static func manifest(targets: [String], plainTargets: [String], root: URL) -> String {
        let identity = root.lastPathComponent.lowercased()
        let declarations =
            targets.map { target in
                """
                        .target(
                            name: "\(target)",
                            dependencies: [.product(name: "SDKRuntime", package: "\(identity)")],
                            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
                """
            }
            + plainTargets.map { target in
                """
                        .target(name: "\(target)", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
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

    /// A debug `swift build` of `target` (of everything when `nil`).
    private static func build(_ package: URL, target: String?) throws -> ChildProcess.Outcome {
        try ChildProcess.runChecked(
            "swift", ["build", "--package-path", package.path] + (target.map { ["--target", $0] } ?? []))
    }

    /// Deletes the object files, module and incremental records of `target`, keeping SwiftPM's
    /// build plan for it (its output file map and source list). Touching the sources is not
    /// enough: the compiler compares their contents, not their dates, and skips unchanged files.
    private static func deleteCompilerOutputs(of target: String, in package: URL) throws {
        let debug = package.appendingPathComponent(".build/debug")
        let files = FileManager.default
        let objects = debug.appendingPathComponent("\(target).build")
        for name in try files.contentsOfDirectory(atPath: objects.path)
        where !name.hasSuffix(".json") && name != "sources" {
            try files.removeItem(at: objects.appendingPathComponent(name))
        }
        let modules = debug.appendingPathComponent("Modules")
        for name in try files.contentsOfDirectory(atPath: modules.path) where name.hasPrefix(target + ".") {
            try files.removeItem(at: modules.appendingPathComponent(name))
        }
    }
}
