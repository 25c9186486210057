import Testing

@testable import SDKGenCore

/// A spec's description becomes doc comment lines of about 100 columns. Short one-line texts
/// take a quick path that returns them as they are; it must give what wrapping gives.
@Suite("Wrapping a description into doc comment lines", .timeLimit(.minutes(3)))
struct DocCommentWrapTests {
    @Test(
        "a text is split at spaces, its words joined by one space, with nothing at either end",
        arguments: [
            ("One short line.", ["One short line."]),
            (" a leading space", ["a leading space"]),
            ("a trailing space ", ["a trailing space"]),
            ("two  spaces", ["two spaces"]),
            ("a line\nbreak", ["a line", "break"]),
            ("", []),
            (" ", []),
            (String(repeating: "x", count: 101), [String(repeating: "x", count: 101)]),
            (
                String(repeating: "word ", count: 25),
                [String(repeating: "word ", count: 19) + "word", String(repeating: "word ", count: 4) + "word"]
            ),
        ])
    func wrapping(text: String, expected: [String]) {
        #expect(DocComment.wrap(text) == expected)
    }

    /// Text quoting a spec value keeps its line breaks and runs of spaces (the renderer escapes
    /// them), and breaks only at a space, only when too long.
    @Test(
        arguments: [
            ("must match ^a\nb$", ["must match ^a\nb$"]),
            ("must match ^a  b$", ["must match ^a  b$"]),
            (
                "The value must match " + String(repeating: "p", count: 90) + ".",
                ["The value must match", String(repeating: "p", count: 90) + "."]
            ),
            (
                String(repeating: "w ", count: 45) + "x\n  y " + String(repeating: "z", count: 20),
                [String(repeating: "w ", count: 45) + "x\n  y", String(repeating: "z", count: 20)]
            ),
        ])
    func wrappingQuotedText(text: String, expected: [String]) {
        #expect(DocComment.wrapQuoting(text) == expected)
    }
}
