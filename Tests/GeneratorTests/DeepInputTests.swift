import Foundation
import SDKGenCore
import Testing

/// Inputs whose depth or line breaks once crashed the generator: each now ends in a spec that
/// renders, or in located errors, never in a signal. Every stage runs (load, translate, render).
@Suite("Deep and CRLF input", .timeLimit(.minutes(3)))
struct DeepInputTests {
    /// The diagnostics of generating `text` in full; fails the test if any is unlocated.
    static func generate(_ text: String) -> (files: [String: String], diagnostics: [String]) {
        let result = Generate.files(text, file: "deep.yaml")
        #expect(result.diagnostics.allSatisfy { $0.hasPrefix("deep.yaml:") && $0.contains(": error: ") })
        return result
    }

    static let header = "sdkgen: 1\napi: {name: Deep, version: 1.0.0}\n"

    @Test("a doc holding \\r\\n, a lone \\r or \\n becomes separate doc-comment lines")
    func crlfInDocs() throws {
        let text =
            Self.header + """
                models:
                  Note:
                    doc: "first\\r\\nsecond\\rthird\\nfourth"
                    properties:
                      title: {type: string, doc: "a\\r\\nb"}
                """
        let result = Self.generate(text)
        #expect(result.diagnostics.isEmpty)
        let model = try #require(result.files.first { $0.key.hasSuffix("/Note.swift") }?.value)
        #expect(!model.utf8.contains(0x0D))
        #expect(model.contains("/// first\n"))
        #expect(model.contains("/// second\n"))
        #expect(model.contains("/// third\n"))
        #expect(model.contains("/// fourth\n"))
    }

    @Test("a whole spec written with CRLF line ends generates as with LF")
    func crlfSpec() throws {
        let path = "Spec/mobilejoe.yaml"
        let text = try PackagePaths.text(path)
        let windows = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(Generate.files(windows, file: path).files == Generate.files(text, file: path).files)
    }

    @Test("a rule example nested 1,000 deep is a located nesting error")
    func deepRuleExample() {
        let value = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        let text =
            Self.header + """
                rules:
                  anything:
                    kind: value
                    allowedKinds: [string, number, boolean, "null", array, object]
                    examples: {valid: [\(value)]}
                """
        let result = Self.generate(text)
        #expect(result.diagnostics.contains { $0.contains("nested more than \(YAMLReader.maximumDepth) deep") })
    }

    @Test("a model example nested 10,000 deep is a located nesting error")
    func deepModelExample() {
        let value = String(repeating: "{a: ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        let text =
            Self.header + """
                models:
                  Box:
                    properties: {a: json}
                    examples: [\(value)]
                """
        let result = Self.generate(text)
        #expect(result.diagnostics.contains { $0.contains("nested more than") })
    }

    @Test("a bare list nested 100,000 deep is a located nesting error")
    func deepBareList() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = Self.generate(text)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.hasPrefix("deep.yaml:1:\(YAMLReader.maximumDepth + 1): error:") == true)
    }

    @Test("block-style nesting 10,000 deep is a located nesting error")
    func deepBlockMapping() {
        let text = (0..<10_000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " 1\n"
        let result = Self.generate(text)
        #expect(result.diagnostics.contains { $0.contains("nested more than") })
    }

    @Test("a type nested 100,000 deep is a located error")
    func deepType() {
        let type = String(repeating: "[", count: 100_000) + "string" + String(repeating: "]", count: 100_000)
        let text = Self.header + "models:\n  Box:\n    properties: {a: \"\(type)\"}\n"
        let result = Self.generate(text)
        #expect(result.diagnostics.contains { $0.contains("at most \(16) deep") })
    }

    @Test("nesting up to the limit still generates")
    func nestingAtTheLimitGenerates() {
        let depth = YAMLReader.maximumDepth - 4
        let value = String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
        let text = Self.header + "models:\n  Box:\n    properties: {a: json}\n    examples: [\(value)]\n"
        let result = Self.generate(text)
        #expect(result.diagnostics.isEmpty)
        #expect(!result.files.isEmpty)
    }
}
