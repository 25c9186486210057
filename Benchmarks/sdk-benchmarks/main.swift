import Foundation

// `swift run -c release sdk-benchmarks [--quick] [--json PATH] [--only SECTIONS]` measures the
// generator, the compile cost of generated code, the SDK hot paths and the delivery queue, and
// prints a table of medians with their range against the targets. The other commands are the
// parts it runs in child processes (see BenchmarkOptions.usage).

let arguments = Array(CommandLine.arguments.dropFirst())

/// Prints `message` and the usage to standard error and exits with status 2.
func exitWithUsage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sdk-benchmarks: \(message)\n\(BenchmarkOptions.usage)\n".utf8))
    exit(2)
}

switch arguments.first {
case "make-spec":
    guard arguments.count == 5, arguments[1] == "--models", let models = Int(arguments[2]),
        models > 0, arguments[3] == "--output"
    else { exitWithUsage("make-spec needs --models N --output FILE") }
    do {
        try SyntheticSpec(models: models).text.write(
            toFile: arguments[4], atomically: true, encoding: .utf8)
    } catch {
        exitWithUsage("cannot write \(arguments[4]): \(error)")
    }
case "generate-once":
    guard arguments.count == 4, arguments[2] == "--output" else {
        exitWithUsage("generate-once needs SPEC --output DIR")
    }
    exit(GenerateOnce.run(spec: arguments[1], output: arguments[3]))
case "open-queue":
    guard arguments.count == 3 else { exitWithUsage("open-queue needs DIRECTORY NAME") }
    exit(QueueOpenProbe.run(directory: arguments[1], name: arguments[2]))
case "-h", "--help":
    print(BenchmarkOptions.usage)
default:
    let options: BenchmarkOptions
    do {
        options = try BenchmarkOptions(arguments: arguments)
    } catch {
        exitWithUsage(error.description)
    }
    exit(await BenchmarkRun(options: options).run())
}
