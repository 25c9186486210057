import Foundation
import SDKGenCore
import Testing

/// Spec text that doc comments quote as it is (patterns, enum values, wire names, docs) may hold
/// line breaks and control characters: the generated Swift must still parse, without a warning.
@Suite("Raw spec text in generated doc comments", .timeLimit(.minutes(3)))
struct RawSpecTextTests {
    static let spec = """
        sdkgen: 1
        api: {name: Raw, version: "1", doc: "api doc with CR\\rhere and LS\\u2028there"}
        constants:
          crString: {string: "a\\rb\\u2028c\\0d", doc: "constant doc\\rwith CR"}
        rules:
          twoLines: {kind: string, pattern: "^a\\nb$"}
          crPattern: {kind: string, doc: "rule\\rdoc", pattern: "^a\\rb\\u2028c\\u0085d\\u2029$"}
          controls: {kind: string, pattern: "^[\\u0000-\\U0010FFFF]{2}$"}
          nulForbidden: {kind: string, forbiddenCharacters: ["\\0", "\\r", "\\u2028"], forbiddenPrefixes: ["x\\ry"]}
        enums:
          Weird:
            doc: "enum\\u2028doc"
            values: ["a\\rb", "c\\u2028d", "tab\\there", "nul\\0x", "bell\\a", "nonchar\\uFFFE"]
        models:
          M:
            doc: "model\\rdoc"
            properties:
              p: {type: "string?", doc: "prop\\rdoc\\u0085next", wireName: "w\\r\\u2028"}
              w: {type: "Weird?"}
            examples:
              - {"w\\r\\u2028": "v"}
        """

    @Test("no generated line holds a raw control character or line separator")
    func noRawControlCharacters() throws {
        let files = Generate.files(Self.spec, file: "Spec/raw.yaml").files
        #expect(files.count > 5)
        for (path, text) in files where path.hasSuffix(".swift") {
            let raw = text.unicodeScalars.filter { scalar in
                scalar != "\n"
                    && [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
            }
            #expect(raw.isEmpty, "\(path) holds \(raw.map { String($0.value, radix: 16) })")
        }
        let rule = try #require(files["RawAPI/Rules/TwoLinesRule.swift"])
        #expect(rule.contains("/// The value must match ^a\\nb$."))
    }

    @Test("every generated Swift file parses without an error or a warning")
    func generatedFilesParse() throws {
        let files = Generate.files(Self.spec, file: "Spec/raw.yaml").files.filter { $0.key.hasSuffix(".swift") }
        try Toolchain.parse(files)
    }
}
