import Foundation
import SDKGenCore
import Testing

/// The messages of a run over spec files that a single-spec fixture cannot show: a file that
/// cannot be read, one that is not UTF-8, two specs with one API name. `DiagnosticCoverageTests`
/// counts the lines expected here as fixtures.
@Suite("Diagnostics of a run over several spec files", .timeLimit(.minutes(3)))
struct RunDiagnosticTests {
    /// A file of a run: its bytes, or `nil` for a path that names no file.
    struct SpecFile: Sendable {
        var name: String
        var bytes: [UInt8]?
    }

    /// One run: the files, in the order the run is given them, and the exact lines it prints
    /// (paths relative to the folder the files are in).
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [SpecFile]
        var expected: [String]
        var testDescription: String { name }
    }

    static let minimalSpec = Array("sdkgen: 1\napi: {name: Same, version: 1.0.0}\n".utf8)

    static let cases: [Case] = [
        Case(
            name: "a spec path that names no file", files: [SpecFile(name: "missing.yaml", bytes: nil)],
            expected: ["missing.yaml:1:1: error: cannot read the spec file: No such file or directory"]),
        Case(
            name: "a spec file in Latin-1, not UTF-8",
            files: [
                SpecFile(
                    name: "latin1.yaml", bytes: Array("sdkgen: 1\napi: {name: Café, doc: Caf".utf8) + [0xE9, 0x7D])
            ],
            expected: [
                "latin1.yaml:2:27: error: the spec file is not UTF-8 text: the byte 0xE9 is not part of a UTF-8 "
                    + "character; save the file as UTF-8"
            ]),
        Case(
            name: "a spec file cut inside a character",
            files: [SpecFile(name: "cut.yaml", bytes: Array("sdkgen: 1\r\napi:\r\r\n".utf8) + [0xC3])],
            expected: [
                "cut.yaml:4:1: error: the spec file is not UTF-8 text: the byte 0xC3 is not part of a UTF-8 "
                    + "character; save the file as UTF-8"
            ]),
        Case(
            name: "an operation whose client file name, with the API name, is too long for a file system",
            files: [
                SpecFile(
                    name: "long.yaml",
                    bytes: Array(
                        ("sdkgen: 1\napi: {name: AcmeCorporationInternalBillingServiceApi, version: 1.0.0}\n"
                            + "models:\n  Thing: {properties: {}}\noperations:\n"
                            + "  \"\u{1F502}\u{2B83}\u{21B9}\": {method: GET, path: /x, response: Thing}\n").utf8))
            ],
            expected: [
                "long.yaml:2:13: error: a generated file would be named AcmeCorporationInternalBillingServiceApi… "
                    + "(229 bytes), longer than the 225 a file system holds beside sdkgen's temporary name; shorten "
                    + "the API name or the name the file is made from"
            ]),
        Case(
            name: "two specs with one API name",
            files: [SpecFile(name: "a.yaml", bytes: minimalSpec), SpecFile(name: "b.yaml", bytes: minimalSpec)],
            expected: [
                "b.yaml:1:1: error: API name 'Same' is already used by a.yaml (API names are compared ignoring case)"
            ]),
        Case(
            name: "two specs whose API names differ only in case (one folder on macOS and Windows)",
            files: [
                SpecFile(name: "a.yaml", bytes: minimalSpec),
                SpecFile(name: "b.yaml", bytes: Array("sdkgen: 1\napi: {name: SAME, version: 1.0.0}\n".utf8)),
            ],
            expected: [
                "b.yaml:1:1: error: API name 'SAME' is already used by a.yaml (API names are compared ignoring case)"
            ]),
        Case(
            name: "a spec file whose name holds a line break, which would end the generated files' comment",
            files: [SpecFile(name: "two\nlines.yaml", bytes: minimalSpec)],
            expected: [
                "two{U+000A}lines.yaml:1:1: error: the spec file's name holds the control character U+000A, which "
                    + "the generated files cannot name; rename the file"
            ]),
    ]

    @Test("the run prints exactly the expected, located lines and generates nothing", arguments: cases)
    func runGivesExpectedDiagnostics(_ run: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-diagnostics-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in run.files {
            guard let bytes = file.bytes else { continue }
            try Data(bytes).write(to: folder.appendingPathComponent(file.name))
        }
        let result = GeneratorRun.run(specPaths: run.files.map { folder.appendingPathComponent($0.name).path })
        let lines = result.diagnostics.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(lines == run.expected)
        #expect(result.failed)
        #expect(result.files.isEmpty)
    }
}
