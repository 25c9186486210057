import Foundation

/// A whole benchmark run: every chosen section, then the table and the JSON file.
struct BenchmarkRun {
    /// What to run.
    var options: BenchmarkOptions

    /// Runs the sections and reports; returns the exit status (1 when a section failed).
    func run() async -> Int32 {
        #if DEBUG
            FileHandle.standardError.write(
                Data("sdk-benchmarks: a debug build; run `swift run -c release sdk-benchmarks`\n".utf8))
        #endif
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdk-benchmarks-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let context = BenchmarkContext(
            quick: options.quick, shape: options.shape,
            packageRoot: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            scratch: scratch,
            sampler: Sampler(
                samples: options.quick ? 5 : 15, sampleTime: .milliseconds(options.quick ? 5 : 20)))
        let loadAtStart = Report.currentLoadAverage()
        var figures: [Figure] = []
        var failed = false
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("sdk-benchmarks: cannot create \(scratch.path)\n".utf8))
            return 1
        }
        for group in BenchmarkOptions.Group.allCases where options.groups.contains(group) {
            do {
                switch group {
                case .generator: figures += try GeneratorBenchmarks.run(context)
                case .compile: figures += try CompileBenchmarks.run(context)
                case .hot: figures += try await HotPathBenchmarks.run(context)
                case .queue: figures += try await QueueBenchmarks.run(context)
                case .emulator: figures += try await EmulatorBenchmarks.run(context)
                }
            } catch {
                failed = true
                FileHandle.standardError.write(Data("sdk-benchmarks: \(group.rawValue) failed: \(error)\n".utf8))
            }
        }
        let command = (["sdk-benchmarks"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
        let report = Report(
            command: command, quick: options.quick, date: Date(),
            processors: ProcessInfo.processInfo.activeProcessorCount,
            loadAverage: [loadAtStart, Report.currentLoadAverage()], figures: figures)
        print(report.table)
        do {
            try report.write(toPath: options.jsonPath)
            print("figures written to \(options.jsonPath)")
        } catch {
            FileHandle.standardError.write(Data("sdk-benchmarks: cannot write \(options.jsonPath): \(error)\n".utf8))
            failed = true
        }
        return failed ? 1 : 0
    }
}
