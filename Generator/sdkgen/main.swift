import Foundation
import PackageRelease
import SDKGenCore

/// `sdkgen [--check]` regenerates every spec in `Spec/` into `Generated/`;
/// `sdkgen SPEC.yaml --output DIR [--check]` does one spec.
let usage = """
    usage: sdkgen [--check]
           sdkgen SPEC.yaml [SPEC.yaml ...] --output DIR [--check]

    With no spec, regenerates every Spec/*.yaml into Generated/ (run from the package root).
    --check  writes nothing; prints a unified diff and exits 1 if any generated file is stale.
    --version  prints the version and exits.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var output: String?
var specs: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--check": check = true
    case "--output":
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("sdkgen: --output needs a directory\n\(usage)\n".utf8))
            exit(2)
        }
        output = arguments.removeFirst()
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--version":
        print(Release.version)
        exit(0)
    default:
        if argument.hasPrefix("-") {
            FileHandle.standardError.write(Data("sdkgen: unknown option \(argument)\n\(usage)\n".utf8))
            exit(2)
        }
        specs.append(argument)
    }
}

let ownsWholeRoot = specs.isEmpty
if specs.isEmpty {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "Spec")) ?? []
    specs = names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Spec/" + $0 }
    if specs.isEmpty {
        FileHandle.standardError.write(Data("sdkgen: no Spec/*.yaml here; run it from the package root\n".utf8))
        exit(2)
    }
} else if output == nil {
    FileHandle.standardError.write(Data("sdkgen: a spec path needs --output DIR\n\(usage)\n".utf8))
    exit(2)
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
    root: URL(fileURLWithPath: output ?? "Generated"), ownedFolders: ownsWholeRoot ? nil : result.moduleFolders,
    files: result.files)
let changes = sync.changes()
if check {
    if changes.isEmpty { exit(0) }
    print(sync.diff(changes), terminator: "")
    for path in changes.stale { FileHandle.standardError.write(Data("stale: \(sync.root.path)/\(path)\n".utf8)) }
    for path in changes.orphaned {
        FileHandle.standardError.write(Data("not produced by any spec: \(sync.root.path)/\(path)\n".utf8))
    }
    FileHandle.standardError.write(Data("sdkgen: generated files are out of date; run `swift run sdkgen`\n".utf8))
    exit(1)
}
do {
    try sync.apply(changes)
} catch {
    FileHandle.standardError.write(
        Data("sdkgen: could not write \(sync.root.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
let summary = changes.isEmpty ? "up to date" : "\(changes.stale.count) written, \(changes.orphaned.count) removed"
print("sdkgen: \(result.files.count) files from \(specs.count) spec\(specs.count == 1 ? "" : "s"), \(summary)")
