import Testing

@testable import SDKGenCore

/// An error inside a scalar's value (a pattern's column) is reported where the character is
/// written, however the value is quoted.
@Suite("Columns inside quoted scalars", .timeLimit(.minutes(1)))
struct QuotedScalarColumnsTests {
    /// A line, the column its scalar starts at, an offset into the value, and the column of
    /// that character in the line (`nil`: the line does not show it).
    static let cases: [(line: String, start: Int, offset: Int, column: Int?)] = [
        ("x: ab)", 4, 2, 6),
        ("x: \"ab)\"", 4, 2, 7),
        ("x: \"\\\\.)\"", 4, 2, 8),
        ("x: \"\\u00e9)\"", 4, 1, 11),
        ("x: \"\\xe9)\"", 4, 1, 9),
        ("x: \"\\U0001F600)\"", 4, 1, 15),
        ("x: 'it''s)'", 4, 4, 10),
        ("x: \"é)\"", 4, 1, 6),
        ("x: \"ab\"", 4, 2, 7),
        ("x: \"ab\"", 4, 3, nil),
        ("x: \"ab", 4, 5, nil),
        ("x: ab", 4, 9, nil),
        ("x: ab", 9, 0, nil),
    ]

    @Test("each offset maps to the column where its character is written", arguments: cases.indices)
    func offsetMapsToWrittenColumn(_ index: Int) {
        let example = Self.cases[index]
        let column = QuotedScalarColumns.column(
            ofOffset: example.offset, inScalarAt: example.start, line: Substring(example.line))
        #expect(column == example.column, "\(example.line) offset \(example.offset)")
    }
}
