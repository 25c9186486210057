import SDKEmulator
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

/// The nearest candidate, measured only as far as it could still win, is the one a full
/// measurement of every candidate finds.
@Suite("Suggestions: the nearest candidate", .timeLimit(.minutes(3)))
struct ClosestSuggestionTests {
    /// Optimal string alignment over the whole table: the reference.
    static func fullDistance(_ a: [Character], _ b: [Character]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    @Test("2,000 random words over a small alphabet, each against 40 random candidates")
    func theNearestIsTheOneAFullMeasurementFinds() {
        var generator = SeededRandomNumberGenerator(seed: 42)
        func word() -> String {
            String((0..<Int.random(in: 0...9, using: &generator)).map { _ in "abcA".randomElement(using: &generator)! })
        }
        for _ in 0..<2_000 {
            let target = word()
            let candidates = (0..<40).map { _ in word() }
            let limit = max(1, target.count / 3)
            let lowered = Array(target.lowercased())
            var expected: (word: String, distance: Int)?
            for candidate in candidates {
                let distance = Self.fullDistance(lowered, Array(candidate.lowercased()))
                if distance <= limit, distance < (expected?.distance ?? Int.max) { expected = (candidate, distance) }
            }
            #expect(Suggestion.closest(to: target, among: candidates) == expected?.word, "\(target) in \(candidates)")
            let other = candidates[0]
            #expect(Suggestion.editDistance(target, other) == Self.fullDistance(Array(target), Array(other)))
        }
    }
}
