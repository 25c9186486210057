import Foundation
import TestSupport
import Testing

@testable import SDKGenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Limits at their largest accepted values (`length` 1,000,000, `maxCount` 100,000) cost the
/// generator time and memory that do not grow with them: edge strings and sample maps are
/// worked out without being built, and the tests build them when they run.
@Suite("Bounded work at the largest limits", .timeLimit(.minutes(3)))
struct BoundedWorkTests {
    static let spec = """
        sdkgen: 1
        api: {name: Limits, version: 1.0.0}
        rules:
          longText:
            kind: string
            nonWhitespace: true
            length: {min: 1000000, max: 1000000, unit: characters}
            forbiddenPrefixes: [x_]
            pattern: "^(?:[a-zé]|👩‍💻)*$"
            examples: {valid: [], invalid: [{value: "", reason: blank}]}
          key:
            kind: string
            length: {max: 1000000, unit: utf8Bytes}
            pattern: "^k[0-9]+$"
            examples: {valid: [k1]}
          bag:
            kind: map
            keyRule: key
            maxCount: 100000
            examples: {valid: [{k1: v}]}
        models:
          Page:
            properties:
              body: {type: string, length: {max: 1000000, unit: unicodeScalars}}
              title: {type: "string?", rule: longText}
            examples: [{body: text}]
        """

    @Test("the largest limits generate, with the expected reasons and without building the long strings")
    func largestLimitsAreCheap() async throws {
        let sdkgen = try #require(CommandLineTests.sdkgen, "sdkgen is not built")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.spec.utf8).write(to: folder.appendingPathComponent("limits.yaml"))
        // How long and how much memory this takes is measured outside the tests (a peak or a
        // time read here would count whatever else the test process runs at once).
        let child = try ChildProcess(sdkgen, ["limits.yaml", "--output=out"], directory: folder)
        let termination = try await offPool { child.wait() }
        #expect(termination == .exited(0))

        let tests = folder.appendingPathComponent("out/LimitsContractTests/Rules")
        let longText = try String(contentsOf: tests.appendingPathComponent("LongTextRuleTests.swift"), encoding: .utf8)
        // A long edge case is an argument of a piece and a count, built by the test when it runs:
        // a test log names it in a few characters, and only the cases running are in memory.
        #expect(longText.contains(#"("a", 1000000, nil),"#))
        #expect(longText.contains(#"("a", 1000001, LimitsAPI.LongTextRule.Violation.tooLong),"#))
        #expect(longText.contains(#"("a", 999999, LimitsAPI.LongTextRule.Violation.tooShort),"#))
        #expect(longText.contains(#"("a", 1000001),"#))
        #expect(!longText.contains("count: 1000000)"))
        #expect(longText.utf8.count < 10_000)
        let bag = try String(contentsOf: tests.appendingPathComponent("BagRuleTests.swift"), encoding: .utf8)
        #expect(bag.contains("(0..<count).map"))
        #expect(bag.contains("(100000, nil),"))
        #expect(bag.contains("(100001, LimitsAPI.BagRule.Violation.tooMany),"))
        #expect(bag.utf8.count < 10_000)
        // A member rule's refused value is worked out the same way (spec-builder found a 2 KB spec
        // whose member rule at the largest length took 10 s: the edge strings were built).
        let page = try String(
            contentsOf: folder.appendingPathComponent("out/LimitsContractTests/MemberRules/PageMemberRuleTests.swift"),
            encoding: .utf8)
        #expect(page.contains(#"value.body = Swift.String(repeating: "a", count: 1000001)"#))
    }

    @Test("limits past the largest accepted values are located errors")
    func limitsPastTheLargestAreRefused() {
        let text = Self.spec.replacingOccurrences(
            of: "max: 1000000, unit: utf8Bytes", with: "max: 1000001, unit: utf8Bytes"
        )
        .replacingOccurrences(of: "maxCount: 100000", with: "maxCount: 100001")
        let diagnostics = Generate.diagnostics(text, file: "limits.yaml")
        #expect(
            diagnostics.contains { $0.contains("the maximum length must be between 0 and 1000000, not 1000001") })
        #expect(diagnostics.contains { $0.contains("'maxCount' must be between 1 and 100000, not 100001") })
    }

    @Test(
        "a long repetition gets the reason the built string gets",
        arguments: ["^(?:ab)*$", "^a*$", "^(?:[a-z]{3})+$", "^[^x]*x?$", "(?:éa|a)+"])
    func repetitionsAgreeWithBuiltStrings(pattern: String) throws {
        let text = """
            sdkgen: 1
            api: {name: Limits, version: 1.0.0}
            rules:
              text:
                kind: string
                length: {min: 4500, max: 9000, unit: utf16CodeUnits}
                forbiddenPrefixes: [aba, é]
                pattern: "\(pattern)"
            """
        var log = DiagnosticLog()
        let spec = try #require(SpecLoader.load(text: text, file: "limits.yaml", log: &log), "\(log.sorted)")
        guard case .string(let rule) = spec.rules[0].kind else { throw CancellationError() }
        for piece in ["a", "ab", "é", "b", "👩‍💻", "aba", "x"] {
            for count in [1_100, 2_049, 2_250, 4_096, 4_097, 4_500, 8_999, 9_000, 9_001] {
                #expect(
                    RuleEvaluator.reason(.repeated(piece, count), rule)
                        == RuleEvaluator.reason(String(repeating: piece, count: count), rule),
                    "\(piece) × \(count)")
            }
        }
    }
}
