import CommandLineOptions
import Foundation
import TestSupport
import Testing

/// The option parser sdkgen and sdk-emulator share, and the sdkgen executable's conventions:
/// `--name=value` and `--name value`, `--help` listing every option, exit 64 for usage errors,
/// the system's reason for an unreadable file.
@Suite("Command lines", .timeLimit(.minutes(3)))
struct CommandLineTests {
    static let parser = CommandLineParser(
        program: "tool", synopses: ["[--flag] ARG"],
        options: [.flag("flag", help: "a flag"), .value("output", "DIR", help: "a folder")])

    @Test("--name value, --name=value, flags, arguments and --")
    func parsesBothForms() throws {
        let spaced = try Self.parser.parse(["a.yaml", "--output", "out", "--flag"])
        let equals = try Self.parser.parse(["--output=out", "a.yaml", "--flag"])
        #expect(spaced == equals)
        #expect(spaced["output"] == "out")
        #expect(spaced.has("flag"))
        #expect(spaced.arguments == ["a.yaml"])
        #expect(try Self.parser.parse(["--", "--flag"]).arguments == ["--flag"])
        #expect(try Self.parser.parse(["--output=a=b"])["output"] == "a=b")
    }

    @Test(
        "usage errors",
        arguments: [
            (["--bogus"], "unknown option --bogus"), (["--outptu", "x"], "did you mean --output?"),
            (["--output"], "--output needs a value"), (["--output", "--flag"], "--output needs a value"),
            (["--output="], "needs a value"), (["--flag=yes"], "--flag takes no value"),
            (["--flag", "--flag"], "--flag given twice"), (["-x"], "unknown option -x"),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            try Self.parser.parse(arguments)
        } throws: { error in
            (error as? CommandLineUsageError)?.description.contains(message) == true
        }
    }

    @Test("-h and --help win wherever they are, and the help lists every option")
    func help() throws {
        #expect(try Self.parser.parse(["--bogus", "-h"]).wantsHelp)
        #expect(try Self.parser.parse(["--help"]).wantsHelp)
        #expect(!(try Self.parser.parse(["--", "--help"]).wantsHelp))
        for option in ["--flag", "--output DIR", "--help"] { #expect(Self.parser.usage.contains(option)) }
        #expect(CommandLineUsageError.exitCode == 64)
    }

    /// The built sdkgen executable.
    static let sdkgen: URL? = BuiltProducts.executable("sdkgen")

    /// Runs sdkgen with `arguments` in `directory`; returns its status, output and errors.
    static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, out: String, err: String) {
        guard let sdkgen else { throw PublicTypeNames.Failure("sdkgen is not built") }
        let run = try ChildProcess.run(sdkgen, arguments, directory: directory)
        guard case .exited(let status) = run.termination else {
            throw PublicTypeNames.Failure("sdkgen \(arguments) ended by \(run.termination)")
        }
        return (status, run.output, run.errors)
    }

    @Test(.enabled(if: sdkgen != nil, "sdkgen is not built"))
    func sdkgenExecutable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = "sdkgen: 1\napi: {name: Demo, version: 1.0.0}\nenums:\n  Color: {values: [red]}\n"
        try Data(spec.utf8).write(to: folder.appendingPathComponent("demo.yaml"))

        let bad = try Self.run(["--bogus"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.err.contains("unknown option --bogus"))
        #expect(bad.err.contains("usage: sdkgen"))
        #expect(try Self.run(["demo.yaml"], in: folder).status == 64)

        let help = try Self.run(["--help"], in: folder)
        #expect(help.status == 0)
        for option in ["--output DIR", "--check", "--help"] { #expect(help.out.contains(option)) }

        let first = try Self.run(["--output=out", "demo.yaml"], in: folder)
        #expect(first.status == 0, "\(first.err)")
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/DemoAPI/Enums/Color.swift").path))
        try Data("// mine\n".utf8).write(to: folder.appendingPathComponent("out/DemoAPI/Helpers.swift"))
        let second = try Self.run(["demo.yaml", "--output", "out"], in: folder)
        #expect(second.status == 0)
        #expect(
            second.err.contains("kept \(folder.path)/out/DemoAPI/Helpers.swift")
                || second.err.contains("DemoAPI/Helpers.swift"))
        #expect(second.out.contains("1 kept that sdkgen did not write"))
        #expect(try Self.run(["demo.yaml", "--output", "out", "--check"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/DemoAPI/Helpers.swift").path))

        // The same spec named by an absolute path, or with `./`, generates the same bytes.
        let absolute = try Self.run(
            ["\(folder.path)/demo.yaml", "--output", "\(folder.path)/out", "--check"], in: folder)
        #expect(absolute.status == 0, "\(absolute.out)")
        #expect(try Self.run(["./demo.yaml", "--output", "./out", "--check"], in: folder).status == 0)

        // A stale file: --check names the command that regenerates these specs into this folder.
        let color = folder.appendingPathComponent("out/DemoAPI/Enums/Color.swift")
        try (try String(contentsOf: color, encoding: .utf8) + "// edited\n").write(
            to: color, atomically: true, encoding: .utf8)
        let stale = try Self.run(["demo.yaml", "--output", "out", "--check"], in: folder)
        #expect(stale.status == 1)
        #expect(stale.err.contains("out of date; run `sdkgen demo.yaml --output out`"), "\(stale.err)")
        #expect(try Self.run(["demo.yaml", "--output", "out"], in: folder).status == 0)

        let missing = try Self.run(["missing.yaml", "--output=out"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.err.contains("missing.yaml:1:1: error: cannot read the spec file: No such file or directory"))
        let folderAsSpec = try Self.run(["out", "--output=out2"], in: folder)
        #expect(folderAsSpec.err.contains("cannot read the spec file: Is a directory"))
    }
}
