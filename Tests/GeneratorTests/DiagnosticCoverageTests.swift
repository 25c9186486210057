import Foundation
import Testing

/// Every message the loader stages can print, read from the generator's source, is shown by a
/// fixture line (`Tests/Fixtures/diagnostics/*.expected`) or by a line `RunDiagnosticTests`
/// expects: a new message without one fails here, and so does a diagnostic call whose message
/// the source scanner cannot read.
@Suite("Every diagnostic message has a fixture", .timeLimit(.minutes(3)))
struct DiagnosticCoverageTests {
    /// The generator's sources, scanned for diagnostics.
    static let sourceFolder = "Generator/SDKGenCore"

    /// The calls that report a diagnostic, each with the severity its lines print.
    static let diagnosticCalls = [("log.error(", "error"), ("log.warning(", "warning")]

    /// Code that builds parts of messages outside the diagnostic calls, which those calls
    /// interpolate: every literal in its body that reads as words (has a letter and a space)
    /// must appear inside some expected line. `dropsColumn`: the loader removes the
    /// ` at column N` of pattern errors (it moves the diagnostic's column there instead).
    static let fragmentSources: [(file: String, declaration: String, dropsColumn: Bool)] = [
        ("Pattern/PatternError+Messages.swift", "extension PatternError {", true),
        ("Load/TypeReferenceParser.swift", "enum TypeReferenceParser {", false),
        ("Load/SpecChecker+ExampleTypes.swift", "func problem(", false),
        ("Load/SpecChecker+ExampleTypes.swift", "func notHeldByDouble(", false),
        ("Load/Suggestion.swift", "static func hint(", false),
        ("Load/MappingReader.swift", "init?(", false),
    ]

    /// Messages no spec file can produce, each with the reason (`…` stands for computed text).
    static let unreachable: [String: String] = [
        "could not start the YAML parser":
            "libyaml's yaml_parser_initialize fails only when it cannot allocate its first buffers"
    ]

    /// A message the source can produce, with where it is written.
    struct Found: CustomStringConvertible {
        var template: MessageTemplate
        /// `error` or `warning` for a whole message; `nil` for a part of one.
        var severity: String?
        var file: String
        var line: Int
        var description: String { "\(file):\(line): \(severity ?? "part of a message"): \(template)" }
    }

    /// What the scan of the sources found: the messages, and the calls it could not read.
    struct Scan {
        var messages: [Found] = []
        var problems: [String] = []

        /// Adds the message of every diagnostic call in `scanner`'s file; returns where the
        /// messages are written. Any other `.error(` or `.warning(` call is a problem.
        mutating func addCalls(in scanner: SwiftSourceScanner) -> [Range<Int>] {
            var messageRanges: [Range<Int>] = []
            var callOffsets: Set<Int> = []
            for (marker, severity) in diagnosticCalls {
                for offset in scanner.codeOffsets(of: marker) {
                    callOffsets.insert(offset)
                    let line = scanner.line(of: offset)
                    guard let message = scanner.message(at: offset + marker.count) else {
                        problems.append("\(scanner.file):\(line): cannot read the message of this \(marker)")
                        continue
                    }
                    messageRanges.append(message.start..<message.end)
                    messages += message.templates.map {
                        Found(template: $0, severity: severity, file: scanner.file, line: line)
                    }
                }
            }
            for marker in [".error(", ".warning("] {
                for offset in scanner.codeOffsets(of: marker)
                where !callOffsets.contains(offset - "log".count)
                    && !messageRanges.contains(where: { $0.contains(offset) })
                {
                    problems.append(
                        "\(scanner.file):\(scanner.line(of: offset)): a diagnostic reported through "
                            + "something other than `log`, which this test does not read")
                }
            }
            return messageRanges
        }

        /// Adds every literal that reads as words in the body of `declaration`, except those
        /// inside the diagnostic calls' messages (`calls`).
        mutating func addFragments(
            in scanner: SwiftSourceScanner, declaration: String, dropsColumn: Bool, outside calls: [Range<Int>]
        ) {
            guard let literals = scanner.literals(inBodyOf: declaration) else {
                problems.append("\(scanner.file): no declaration '\(declaration)'")
                return
            }
            let fragments = literals.filter { literal in
                !calls.contains { $0.contains(literal.start) }
                    && (literal.template.map { readsAsWords($0.writtenText) } ?? true)
            }
            if fragments.isEmpty { problems.append("\(scanner.file): '\(declaration)' builds no message text") }
            for fragment in fragments {
                let line = scanner.line(of: fragment.start)
                guard let template = fragment.template else {
                    problems.append("\(scanner.file):\(line): cannot read this literal")
                    continue
                }
                messages.append(
                    Found(
                        template: dropsColumn ? template.droppingColumn : template, severity: nil,
                        file: scanner.file, line: line))
            }
        }
    }

    /// The scan, made once for all the tests of this suite.
    static let scan = Result { try scanSources() }

    static func scanSources() throws -> Scan {
        var scan = Scan()
        let sources = try PackagePaths.files(below: sourceFolder).filter { $0.key.hasSuffix(".swift") }
        for (path, source) in sources.sorted(by: { $0.key < $1.key }) {
            let scanner = SwiftSourceScanner(file: "\(sourceFolder)/\(path)", source: source)
            let calls = scan.addCalls(in: scanner)
            if path != "Diagnostics/Diagnostic.swift" {
                for offset in scanner.codeOffsets(of: "Diagnostic(") {
                    scan.problems.append(
                        "\(scanner.file):\(scanner.line(of: offset)): a Diagnostic built outside DiagnosticLog")
                }
            }
            for fragmentSource in fragmentSources where fragmentSource.file == path {
                scan.addFragments(
                    in: scanner, declaration: fragmentSource.declaration, dropsColumn: fragmentSource.dropsColumn,
                    outside: calls)
            }
        }
        for fragmentSource in fragmentSources where sources[fragmentSource.file] == nil {
            scan.problems.append("\(sourceFolder)/\(fragmentSource.file) does not exist")
        }
        return scan
    }

    static func readsAsWords(_ text: String) -> Bool {
        text.contains(" ") && text.contains(where: \.isLetter)
    }

    /// Every line a fixture or a named test expects, as (severity, message).
    static func expectedLines(excluding excluded: String? = nil) throws -> [(severity: String, message: String)] {
        let fixtures = try PackagePaths.files(below: "Tests/Fixtures/diagnostics").filter {
            $0.key.hasSuffix(".expected") && $0.key != excluded
        }
        let lines =
            fixtures.values.flatMap { $0.split(separator: "\n").map(String.init) }
            + RunDiagnosticTests.cases.flatMap(\.expected)
        return lines.compactMap { line in
            for severity in ["error", "warning"] {
                if let range = line.range(of: ": \(severity): ") {
                    return (severity, String(line[range.upperBound...]))
                }
            }
            return nil
        }
    }

    static func isCovered(_ found: Found, by lines: [(severity: String, message: String)]) -> Bool {
        lines.contains { line in
            guard let severity = found.severity else { return found.template.matches(partOf: line.message) }
            return line.severity == severity && found.template.matches(whole: line.message)
        }
    }

    static func isCovered(_ line: (severity: String, message: String), byAnyOf messages: [Found]) -> Bool {
        messages.contains { $0.severity == line.severity && $0.template.matches(whole: line.message) }
    }

    @Test("the scanner reads literals, interpolations, + and ?:, skips comments and refuses the rest")
    func scannerReadsTheFormsUsed() throws {
        let source = """
            // log.error("in a comment", at: here)
            log.error("a \\(b.c(d: ", ")) e" + f(g) + "h\\\\", at: here)
            log.error(
                flag ? "one \\(x)"
                    : "two", at: here)
            log.error(message, at: here)
            """
        let scanner = SwiftSourceScanner(file: "test.swift", source: source)
        let offsets = scanner.codeOffsets(of: "log.error(")
        try #require(offsets.count == 3)
        let messages = offsets.map { scanner.message(at: $0 + "log.error(".count) }
        #expect(messages[0]?.templates.map(\.description) == ["a … e…h\\"])
        #expect(messages[1]?.templates.map(\.description) == ["one …", "two"])
        #expect(messages[2] == nil)
        #expect(scanner.line(of: offsets[1]) == 3)
        #expect(MessageTemplate([.text("x "), .anything, .text(" y")]).matches(whole: "x 1, 2 y"))
        #expect(!MessageTemplate([.text("x "), .anything, .text(" y")]).matches(whole: "x 1 y z"))
        #expect(MessageTemplate([.text("mid")]).matches(partOf: "a mid b"))
    }

    @Test("the scanner reads the message of every diagnostic call in the generator")
    func everyDiagnosticCallIsRead() throws {
        let scan = try Self.scan.get()
        for problem in scan.problems { Issue.record(Comment(rawValue: problem)) }
        #expect(scan.messages.contains { $0.severity != nil })
    }

    @Test("every message the loader stages can produce appears in a fixture or a named test")
    func everyMessageHasAFixture() throws {
        let scan = try Self.scan.get()
        let lines = try Self.expectedLines()
        for found in scan.messages
        where Self.unreachable[found.template.description] == nil && !Self.isCovered(found, by: lines) {
            Issue.record("no fixture shows \(found)")
        }
    }

    @Test("without the fixture that shows a message, the message counts as uncovered")
    func missingFixtureIsNoticed() throws {
        let scan = try Self.scan.get()
        let twoDocuments = try #require(
            scan.messages.first { $0.template.writtenText.contains("exactly one YAML document") })
        #expect(Self.isCovered(twoDocuments, by: try Self.expectedLines()))
        #expect(!Self.isCovered(twoDocuments, by: try Self.expectedLines(excluding: "two-documents.expected")))
    }

    @Test("every expected line is a message the scan found, so no diagnostic comes from code it does not read")
    func everyExpectedLineHasASource() throws {
        let whole = try Self.scan.get().messages.filter { $0.severity != nil }
        for line in try Self.expectedLines() where !Self.isCovered(line, byAnyOf: whole) {
            Issue.record("no diagnostic call in \(Self.sourceFolder) writes '\(line.message)'")
        }
    }

    @Test("every message listed as unreachable is still in the source and still has no fixture")
    func unreachableListIsCurrent() throws {
        let scan = try Self.scan.get()
        let lines = try Self.expectedLines()
        for message in Self.unreachable.keys.sorted() {
            let found = scan.messages.filter { $0.template.description == message }
            #expect(!found.isEmpty, "'\(message)' is no longer in the source")
            #expect(!found.contains { Self.isCovered($0, by: lines) }, "'\(message)' has a fixture after all")
        }
    }
}
