import Testing

@testable import SDKGenCore

/// An error inside a scalar's value (a pattern's column) is reported where the character is
/// written, however the value is quoted, or not at all when its line does not show it.
@Suite("Columns inside scalars", .timeLimit(.minutes(3)))
struct QuotedScalarColumnsTests {
    /// A source line, the column its scalar starts at, the value libyaml read and whether it
    /// was quoted, an offset into the value, and the column of that character in the line
    /// (`nil`: the line does not show it).
    static let cases: [(line: String, start: Int, value: String, quoted: Bool, offset: Int, column: Int?)] = [
        ("x: ab)", 4, "ab)", false, 2, 6),
        ("x: ab  # note", 4, "ab", false, 1, 5),
        ("x: \"ab)\"", 4, "ab)", true, 2, 7),
        ("x: \"\\\\.)\"", 4, "\\.)", true, 2, 8),
        ("x: \"\\u00e9)\"", 4, "é)", true, 1, 11),
        ("x: \"\\xe9)\"", 4, "é)", true, 1, 9),
        ("x: \"\\U0001F600)\"", 4, "😀)", true, 1, 15),
        ("x: 'it''s)'", 4, "it's)", true, 4, 10),
        ("x: \"é)\"", 4, "é)", true, 1, 6),
        ("x: \"ab\"", 4, "ab", true, 2, 7),
        ("x: \"ab\"", 4, "ab", true, 3, nil),
        ("x: \"ab", 4, "ab cd)", true, 5, nil),
        ("x: ab", 4, "ab cd)", false, 5, nil),
        ("x: |", 4, "a)\n", true, 1, nil),
        ("x: ab", 9, "ab", false, 0, nil),
    ]

    @Test("each offset maps to the column where its character is written", arguments: cases.indices)
    func offsetMapsToWrittenColumn(_ index: Int) {
        let example = Self.cases[index]
        let column = QuotedScalarColumns.column(
            ofOffset: example.offset, in: example.value, quoted: example.quoted, startingAt: example.start,
            line: Substring(example.line))
        #expect(column == example.column, "\(example.line) offset \(example.offset)")
    }
}
