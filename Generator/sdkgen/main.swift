import CommandLineOptions
import Foundation
import PackageRelease
import SDKGenCore

/// `sdkgen [--check]` regenerates every spec in `Spec/` into `Generated/`;
/// `sdkgen SPEC.yaml --output DIR [--check]` does one spec.
let parser = CommandLineParser(
    program: "sdkgen",
    synopses: ["[--check]", "SPEC.yaml [SPEC.yaml ...] --output DIR [--check]"],
    options: [
        .value("output", "DIR", help: "write the modules of the given specs into DIR (needed with a spec path)"),
        .flag("check", help: "write nothing; print a unified diff and exit 1 if any generated file is stale"),
        .flag("version", help: "print the version and exit"),
    ],
    epilogue: """
        With no spec, regenerates every Spec/*.yaml into Generated/ (run from the package root).
        Files in the output that sdkgen did not write are kept and listed.
        """)

/// Prints `message` and the usage to standard error and exits with the usage status (64).
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sdkgen: \(message)\n\(parser.usage)\n".utf8))
    exit(CommandLineUsageError.exitCode)
}

let command: ParsedCommandLine
do {
    command = try parser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    usageError(error.description)
}
if command.wantsHelp {
    print(parser.usage)
    exit(0)
}
if command.has("version") {
    print(Release.version)
    exit(0)
}
let check = command.has("check")
let output = command["output"]
var specs = command.arguments

let ownsWholeRoot = specs.isEmpty
if specs.isEmpty {
    if output != nil { usageError("--output needs at least one spec path") }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "Spec")) ?? []
    specs = names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Spec/" + $0 }
    if specs.isEmpty { usageError("no Spec/*.yaml here; run it from the package root, or name a spec") }
} else if output == nil {
    usageError("a spec path needs --output DIR")
} else if let output, OutputSync.isFileSystemRoot(output) {
    usageError("--output \(output) is the file system's root; name a folder of its own for the generated code")
}

let result = GeneratorRun.run(specPaths: specs)
for diagnostic in result.diagnostics {
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
}
if result.failed {
    let count = result.diagnostics.filter { $0.severity == .error }.count
    FileHandle.standardError.write(Data("sdkgen: \(count) error\(count == 1 ? "" : "s"); nothing was written\n".utf8))
    exit(1)
}

let sync = OutputSync(
    root: URL(fileURLWithPath: output ?? "Generated"), ownedFolders: ownsWholeRoot ? nil : result.outputFolders,
    files: result.files)
let changes = sync.changes()
for path in changes.foreign {
    FileHandle.standardError.write(
        Data("sdkgen: kept \(sync.root.path)/\(path): not written by sdkgen for these specs\n".utf8))
}
if check {
    if changes.isEmpty && changes.conflicts.isEmpty { exit(0) }
    print(sync.diff(changes), terminator: "")
    for path in changes.stale { FileHandle.standardError.write(Data("stale: \(sync.root.path)/\(path)\n".utf8)) }
    for path in changes.orphaned {
        FileHandle.standardError.write(Data("not produced by any spec: \(sync.root.path)/\(path)\n".utf8))
    }
    for path in changes.conflicts {
        FileHandle.standardError.write(
            Data("in the way: \(sync.root.path)/\(path): not written by sdkgen; move it away first\n".utf8))
    }
    let rerun = ownsWholeRoot ? "swift run sdkgen" : "sdkgen \(specs.joined(separator: " ")) --output \(output ?? "")"
    FileHandle.standardError.write(Data("sdkgen: generated files are out of date; run `\(rerun)`\n".utf8))
    exit(1)
}
do {
    try sync.apply(changes)
} catch {
    FileHandle.standardError.write(Data("sdkgen: could not write \(sync.root.path): \(error)\n".utf8))
    exit(1)
}
let summary = changes.isEmpty ? "up to date" : "\(changes.stale.count) written, \(changes.orphaned.count) removed"
let kept = changes.foreign.isEmpty ? "" : ", \(changes.foreign.count) kept that sdkgen did not write"
print("sdkgen: \(result.files.count) files from \(specs.count) spec\(specs.count == 1 ? "" : "s"), \(summary)\(kept)")
