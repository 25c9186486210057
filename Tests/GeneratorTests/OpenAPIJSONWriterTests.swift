import Foundation
import Testing

@testable import SDKGenCore

/// The JSON text of exported documents: its layout, and strings that need escapes.
@Suite("OpenAPI JSON text", .timeLimit(.minutes(3)))
struct OpenAPIJSONWriterTests {
    @Test("two spaces a level, one member or item a line, empty containers as {} and [], a final newline")
    func layout() {
        let value = JSONLiteral.object([
            JSONMember(name: "a", value: .array([.number("1"), .bool(true), .null])),
            JSONMember(name: "b", value: .object([])),
            JSONMember(name: "c", value: .array([.object([JSONMember(name: "d", value: .array([]))])])),
        ])
        #expect(
            OpenAPIJSONWriter.text(value) == """
                {
                  "a": [
                    1,
                    true,
                    null
                  ],
                  "b": {},
                  "c": [
                    {
                      "d": []
                    }
                  ]
                }

                """)
    }

    @Test("every control character, quote, backslash and non-ASCII scalar survives a JSON parser, in names too")
    func stringsNeedingEscapesRoundTrip() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let texts = [controls, "quote \" backslash \\ slash /", "é ∑ 😀 \u{2028}", "", "plain"]
        let value = JSONLiteral.object(
            texts.enumerated().map { index, text in JSONMember(name: "\(index)\(text)", value: .string(text)) })
        let text = OpenAPIJSONWriter.text(value)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(parsed.count == texts.count)
        for (index, original) in texts.enumerated() {
            #expect(parsed["\(index)\(original)"] == original)
        }
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control character")
        #expect(JSONLiteral.quote("\u{1}\n\u{1f}") == #""\u0001\n\u001f""#)
        #expect(JSONLiteral.string("a\"b\\c").jsonText == #""a\"b\\c""#)
    }
}
