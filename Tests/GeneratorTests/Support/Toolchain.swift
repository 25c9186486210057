import Foundation
import TestSupport

/// The toolchain's command-line tools, found on `PATH` or in `/opt/swift/usr/bin`.
enum Toolchain {
    /// The tool called `name`, if there is one.
    static func tool(_ name: String) -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (paths + ["/opt/swift/usr/bin"]).map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// What `program` (the text of a `main.swift`) prints, compiled with the toolchain's `swiftc`
    /// and run with `input` as its standard input, in a temporary folder removed afterwards.
    static func output(of program: String, input: String = "") throws -> String {
        guard let swiftc = tool("swiftc") else { throw PublicTypeNames.Failure("the toolchain's swiftc is needed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try program.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        try input.write(to: folder.appendingPathComponent("input.txt"), atomically: true, encoding: .utf8)
        try run(swiftc, ["-Onone", "main.swift", "-o", "program"], in: folder)
        try run(folder.appendingPathComponent("program"), [], in: folder, input: "input.txt", output: "output.txt")
        return try String(contentsOf: folder.appendingPathComponent("output.txt"), encoding: .utf8)
    }

    /// Checks that every one of `files` (Swift source by path) parses with the toolchain's
    /// `swiftc` without an error or a warning; throws what went wrong otherwise.
    static func parse(_ files: [String: String]) throws {
        guard let swiftc = tool("swiftc") else { throw PublicTypeNames.Failure("the toolchain's swiftc is needed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var names: [String] = []
        for (index, text) in files.values.enumerated() {
            names.append("file\(index).swift")
            try Data(text.utf8).write(to: folder.appendingPathComponent(names[index]))
        }
        try run(swiftc, ["-parse", "-warnings-as-errors"] + names, in: folder)
    }

    /// Runs `tool` in `folder`, with standard input and output in files there when given.
    private static func run(
        _ tool: URL, _ arguments: [String], in folder: URL, input: String? = nil, output: String? = nil
    ) throws {
        let termination = try ChildProcess(
            tool, arguments, directory: folder, input: input.map { .file($0) } ?? .discarded,
            output: output.map { .file($0) } ?? .discarded
        ).wait()
        guard termination == .exited(0) else {
            throw PublicTypeNames.Failure("\(tool.lastPathComponent) \(arguments) failed (\(termination))")
        }
    }
}
