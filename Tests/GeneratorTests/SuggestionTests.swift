import Testing

@testable import SDKGenCore

/// The edit distance behind "did you mean" hints: one edit for an insertion, a deletion, a
/// substitution or two neighbouring characters swapped.
@Suite("Suggestions", .timeLimit(.minutes(3)))
struct SuggestionTests {
    @Test(
        "each kind of edit counts once",
        arguments: [
            ("abc", "abd", 1), ("abc", "abxc", 1), ("abc", "ac", 1), ("lenght", "length", 1), ("kitten", "sitting", 3),
            ("", "abc", 3), ("abc", "", 3), ("same", "same", 0), ("pattren", "pattern", 1), ("model", "modle", 1),
        ])
    func editsCountOnce(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(a, b) == distance)
    }
}
