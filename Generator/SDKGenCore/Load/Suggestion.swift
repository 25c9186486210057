/// Finds the closest known word to a misspelled one, for "did you mean" hints.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, if it is close enough to be a typo
    /// (at most a third of the word's length, and at least 1, away).
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.word
    }

    /// The edit distance between two strings, by characters, where swapping two neighbouring
    /// characters counts as one edit (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// ` (did you mean 'x'?)` or nothing. Words such as `maxLength` point at the `length`
    /// mapping that holds limits in this spec language.
    static func hint(for word: String, among candidates: [String]) -> String {
        let lowered = word.lowercased()
        // Before the closest word: `maxLength` is close to `length`, but `length: 5` is wrong too.
        if candidates.contains("length"), lowered.hasPrefix("max") || lowered.hasPrefix("min"),
            editDistance(String(lowered.dropFirst(3)), "length") <= 2
        {
            return " (limits are written as 'length: {\(lowered.prefix(3)): N, unit: characters}')"
        }
        if let close = closest(to: word, among: candidates) { return " (did you mean '\(close)'?)" }
        if let stem = candidates.first(where: { $0.count >= 3 && lowered.hasPrefix($0.lowercased()) }) {
            return " (did you mean '\(stem)'?)"
        }
        return ""
    }
}
