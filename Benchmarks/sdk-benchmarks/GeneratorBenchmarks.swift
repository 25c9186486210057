import Foundation
import SDKGenCore

/// The generator: the real specs end to end, in process and as `sdkgen --check`, and synthetic
/// specs of growing size, each generated in a child process for its peak memory.
enum GeneratorBenchmarks {
    private static let group = "generator"

    /// Measures every generator figure.
    static func run(_ context: BenchmarkContext) throws -> [Figure] {
        var figures = try realSpecs(context)
        figures += try synthetic(context)
        return figures
    }

    /// Both real specs: `GeneratorRun` plus the comparison with `Generated/`, in process; then
    /// the whole `sdkgen --check` process.
    private static func realSpecs(_ context: BenchmarkContext) throws -> [Figure] {
        context.log("generator: real specs")
        let names = try FileManager.default.contentsOfDirectory(atPath: "Spec")
        let specs = names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Spec/" + $0 }
        let generated = context.packageRoot.appendingPathComponent("Generated")
        var stale = false
        let inProcess = (0..<context.samples(20, quick: 5)).map { _ in
            Sampler.milliseconds(
                Sampler.time {
                    let result = GeneratorRun.run(specPaths: specs)
                    let changes = OutputSync(root: generated, ownedFolders: nil, files: result.files)
                        .changes()
                    stale = stale || result.failed || !changes.isEmpty
                })
        }
        let sdkgen = try SDKGenExecutable.path(context)
        var processTimes: [Double] = []
        var processMemory: [Double] = []
        for _ in 0..<context.samples(20, quick: 5) {
            let outcome = try ChildProcess.run(sdkgen, ["--check"])
            stale = stale || outcome.status != 0
            processTimes.append(Sampler.milliseconds(outcome.elapsed))
            processMemory.append(outcome.peakResidentMegabytes)
        }
        let note = stale ? "Generated/ is not up to date: run `swift run sdkgen` first" : nil
        return [
            Figure(
                group: group, name: "\(specs.count) real specs, in process (GeneratorRun + compare)",
                unit: .milliseconds, values: inProcess, note: note),
            Figure(
                group: group, name: "sdkgen --check, whole process", unit: .milliseconds,
                values: processTimes, target: .under(100)),
            Figure(
                group: group, name: "sdkgen --check, peak memory", unit: .megabytes,
                values: processMemory),
        ]
    }

    /// Specs of the run's shape with 10 to 10,000 models, written fresh and regenerated up to date.
    private static func synthetic(_ context: BenchmarkContext) throws -> [Figure] {
        let sizes = context.quick ? [10, 100, 1_000] : [10, 100, 1_000, 10_000]
        var figures: [Figure] = []
        var medians: [String: [Int: Double]] = [:]
        let shape = context.shape.rawValue
        for size in sizes {
            context.log("generator: \(size) \(shape) models")
            let spec = context.scratch.appendingPathComponent("\(shape)-\(size).yaml")
            try context.shape.spec(models: size).text.write(to: spec, atomically: true, encoding: .utf8)
            let output = context.scratch.appendingPathComponent("generated-\(size)")
            let samples = size >= 1_000 ? context.samples(3, quick: 2) : context.samples(5, quick: 3)
            var fresh: [ChildProcess.Outcome] = []
            var upToDate: [ChildProcess.Outcome] = []
            for _ in 0..<samples {
                try? FileManager.default.removeItem(at: output)
                fresh.append(try generate(spec: spec, output: output))
                upToDate.append(try generate(spec: spec, output: output))
            }
            try? FileManager.default.removeItem(at: output)
            for (mode, outcomes) in [("fresh output", fresh), ("output up to date", upToDate)] {
                let large = size == 10_000
                let time = Figure(
                    group: group, name: "\(size) \(shape) models, \(mode)", unit: .milliseconds,
                    values: outcomes.map { Sampler.milliseconds($0.elapsed) },
                    target: timeTarget(models: size, shape: context.shape))
                figures += [
                    time,
                    Figure(
                        group: group, name: "\(size) \(shape) models, \(mode), CPU time", unit: .milliseconds,
                        values: outcomes.map { $0.cpuSeconds * 1_000 }),
                    Figure(
                        group: group, name: "\(size) \(shape) models, \(mode), peak memory", unit: .megabytes,
                        values: outcomes.map(\.peakResidentMegabytes), target: large ? .under(500) : nil),
                ]
                medians[mode, default: [:]][size] = time.median
            }
        }
        for (smaller, larger) in zip(sizes, sizes.dropFirst()) {
            for mode in ["fresh output", "output up to date"] {
                guard let low = medians[mode]?[smaller], let high = medians[mode]?[larger] else { continue }
                figures.append(
                    Figure(
                        group: group, name: "growth \(smaller) → \(larger) \(shape) models, \(mode)", unit: .times,
                        values: [high / low],
                        target: larger == 10_000 ? .under(context.shape == .peer ? 11 : 12) : nil))
            }
        }
        return figures
    }

    /// The time a generation of `models` models of `shape` must stay under, if any: the peer
    /// shape's are a fortieth of swift-openapi-generator's 10.6 s for 1,000 models (and ten times
    /// that for 10,000).
    private static func timeTarget(models: Int, shape: SpecShape) -> Target? {
        switch (shape, models) {
        case (.synthetic, 10_000): .under(2_000)
        case (.peer, 1_000): .under(250)
        case (.peer, 10_000): .under(2_500)
        default: nil
        }
    }

    /// One `generate-once` child.
    private static func generate(spec: URL, output: URL) throws -> ChildProcess.Outcome {
        try ChildProcess.runChecked(
            ChildProcess.selfPath, ["generate-once", spec.path, "--output", output.path])
    }
}
