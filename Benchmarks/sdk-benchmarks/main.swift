import Foundation

// `swift run -c release sdk-benchmarks [--quick] [--json PATH] [--only SECTIONS]` measures the
// generator, the compile cost of generated code, the SDK hot paths, the delivery queue and the
// emulator under traffic that tries to wear it down, and prints a table of medians with their
// range against the targets. The other commands are the parts it runs in child processes (see
// BenchmarkOptions.usage).

let arguments = Array(CommandLine.arguments.dropFirst())

/// Prints `message` and the usage to standard error and exits with status 2.
func exitWithUsage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sdk-benchmarks: \(message)\n\(BenchmarkOptions.usage)\n".utf8))
    exit(2)
}

switch arguments.first {
case "make-spec":
    var rest = arguments.dropFirst()
    var shape = SpecShape.synthetic
    if rest.first == "--shape" {
        guard rest.count > 1, let chosen = SpecShape(rawValue: rest[rest.startIndex + 1]) else {
            exitWithUsage("--shape needs synthetic or peer")
        }
        shape = chosen
        rest = rest.dropFirst(2)
    }
    let parts = Array(rest)
    guard parts.count == 4, parts[0] == "--models", let models = Int(parts[1]), models > 0, parts[2] == "--output"
    else { exitWithUsage("make-spec needs [--shape SHAPE] --models N --output FILE") }
    do {
        try shape.spec(models: models).text.write(toFile: parts[3], atomically: true, encoding: .utf8)
    } catch {
        exitWithUsage("cannot write \(parts[3]): \(error)")
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
