import Foundation
import TestSupport
import Testing

@testable import SDKGenCore

/// Generated Swift keeps to the project's 120 columns the way `swift format` lays code out, and a
/// string literal too long for a line is split without changing the string.
@Suite("Generated layout", .timeLimit(.minutes(3)))
struct GeneratedLayoutTests {
    @Test(
        "no line of the generated Swift is longer than 120 columns",
        arguments: [
            "Spec/voidhash.yaml", "Spec/mobilejoe.yaml", "Examples/Notes/Spec/notes.yaml",
            "Tests/Fixtures/landmine.yaml", "Tests/Fixtures/long-names.yaml",
        ])
    func linesFit(path: String) throws {
        let generated = Generate.files(try PackagePaths.text(path), file: path)
        #expect(generated.diagnostics.isEmpty)
        let sources = generated.files.filter { $0.key.hasSuffix(".swift") }
        #expect(sources.count > 10)
        var long: [String] = []
        for (file, text) in sources.sorted(by: { $0.key < $1.key }) {
            for (index, line) in CodeWriter.lines(of: text).enumerated() where line.count > CodeWriter.standardLineLimit
            {
                long.append("\(file):\(index + 1) (\(line.count) columns)")
            }
        }
        #expect(long.isEmpty, "\(long.count) long lines: \(long.prefix(5).joined(separator: ", "))")
    }

    @Test("a call that does not fit takes an argument a line, its parenthesis after the last")
    func callArguments() {
        let call = SwiftExpression.call(
            .path("Client", "send"),
            [
                .init("name", .string(String(repeating: "n", count: 40))), .init("count", .integer(3)),
                .init(.nilLiteral),
            ])
        #expect(
            ExpressionLayout.lines("let x = ", call, "", width: 60) == [
                "let x = Client.send(",
                "    name: \"\(String(repeating: "n", count: 40))\",",
                "    count: 3,",
                "    nil)",
            ])
    }

    @Test("a collection that does not fit takes an element a line, each with a comma, and its bracket alone")
    func collectionElements() {
        let array = SwiftExpression.array([
            .string(String(repeating: "a", count: 30)), .string(String(repeating: "b", count: 30)),
        ])
        #expect(
            ExpressionLayout.lines("", array, ")", width: 60) == [
                "[",
                "    \"\(String(repeating: "a", count: 30))\",",
                "    \"\(String(repeating: "b", count: 30))\",",
                "])",
            ])
        // A lone element has no comma: `swift format` counts such a literal as one line.
        let lone = SwiftExpression.array([.string(String(repeating: "c", count: 50))])
        #expect(
            ExpressionLayout.lines("let x = ", lone, "", width: 60) == [
                "let x = [", "    \"\(String(repeating: "c", count: 50))\"", "]",
            ])
        let tuple = SwiftExpression.tuple([
            .string(String(repeating: "d", count: 40)), .string(String(repeating: "e", count: 40)),
        ])
        #expect(
            ExpressionLayout.lines("", tuple, ",", width: 60) == [
                "(", "    \"\(String(repeating: "d", count: 40))\",", "    \"\(String(repeating: "e", count: 40))\"",
                "),",
            ])
    }

    @Test("a collection ending its line leaves the column of the comma swift format would add when breaking it")
    func collectionEndingALineLeavesAColumn() {
        let array = SwiftExpression.array([.string("aaaa"), .string("bbbb")])
        // `let x = ["aaaa", "bbbb"]` is 24 columns: it fits in 25, and in 24 only with a bracket
        // after it, which comes after the comma's place.
        #expect(ExpressionLayout.lines("let x = ", array, "", width: 25) == ["let x = [\"aaaa\", \"bbbb\"]"])
        #expect(
            ExpressionLayout.lines("let x = ", array, "", width: 24) == [
                "let x = [", "    \"aaaa\",", "    \"bbbb\",", "]",
            ])
        // Followed by its parenthesis, the literal fills the line to its last column.
        #expect(ExpressionLayout.lines("f(", array, ")", width: 19) == ["f([\"aaaa\", \"bbbb\"])"])
    }

    @Test("a call whose callee does not fit its line breaks inside the callee, then takes its arguments")
    func aCalleeTooLongForItsLine() {
        let pattern = String(repeating: "p", count: 40)
        let call = SwiftExpression.call(
            .member(.call(.identifier("Regex"), [.init(.string(pattern))]), "matchingSemantics"),
            [.init(.member(nil, "unicodeScalar"))])
        // What `swift format` makes of the line written flat.
        #expect(
            ExpressionLayout.lines("let regex = try ", call, "", width: 60) == [
                "let regex = try Regex(",
                "    \"\(pattern)\"",
                ").matchingSemantics(",
                "    .unicodeScalar)",
            ])
    }

    @Test("an attribute that would fill its line to the last column is broken, as swift format wants")
    func attributeLeavesALastColumn() {
        func rendered(titleLength: Int) -> [String] {
            let title = String(repeating: "t", count: titleLength)
            var writer = CodeWriter(lineLimit: 40)
            SwiftRenderer.attributes([SwiftAttribute("Test", [.init(.string(title))])], into: &writer)
            return CodeWriter.lines(of: String(writer.text.dropLast()))
        }
        // `@Test("` and `")` take 9 columns: 30 characters make a line of 39, 31 one of 40.
        #expect(rendered(titleLength: 30) == ["@Test(\"\(String(repeating: "t", count: 30))\")"])
        #expect(rendered(titleLength: 31) == ["@Test(", "    \"\(String(repeating: "t", count: 31))\")"])
    }

    @Test("a case with more patterns than a line holds fills its lines, as swift format does")
    func casePatternsFill() {
        // What `swift format format` makes of `case 1, 2, ..., 64:` one level deep.
        #expect(
            ExpressionLayout.filled("case ", (1...64).map(String.init), ":", width: 116) == [
                "case 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,",
                "    31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,",
                "    59, 60, 61, 62, 63, 64:",
            ])
    }

    /// Strings whose literals are longer than a line: quotes in threes, backslashes, escapes,
    /// spaces where a line may end or start, emoji with joiners and combining marks, and scalars
    /// that join into fewer characters than they are (flags, skin tones, Hangul syllables).
    static let longStrings = [
        String(repeating: "{\"key\":\"value\"},", count: 12),
        String(repeating: "\"", count: 100),
        String(repeating: "\\", count: 90) + "end",
        String(repeating: "word ", count: 40),
        String(repeating: " ", count: 75) + "x" + String(repeating: " ", count: 75),
        String(repeating: "line\nbreak\r\n\ttab\0", count: 8),
        String(repeating: "👩\u{200D}💻e\u{301}é😀", count: 30),
        String(repeating: "🇫🇷👍🏽\u{1100}\u{1161}\u{11A8}", count: 30),
        "\"" + String(repeating: "ab\"\"", count: 40) + "\"\"\"",
    ]

    @Test("a string literal too long for a line becomes a multi-line literal holding the same string")
    func longStringsKeepTheirValue() async throws {
        var writer = CodeWriter(lineLimit: 60)
        writer.line("let values: [String] = [")
        writer.indented { writer in
            for text in Self.longStrings {
                let lines = ExpressionLayout.lines("", .string(text), ",", width: writer.columnsLeft)
                #expect(
                    lines.count > 2 && lines.allSatisfy { $0.count <= writer.columnsLeft }, "\(text.debugDescription)")
                for line in lines { writer.line(line) }
            }
        }
        writer.line("]")
        writer.line(
            "for value in values { print(value.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: \" \")) }"
        )
        let program = writer.text
        let printed = try await offPool { try Toolchain.output(of: program) }
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(
            printed
                == Self.longStrings.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
        )
    }
}
