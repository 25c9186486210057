/// Finds the closest known word to a misspelled one, for "did you mean" hints.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, if it is close enough to be a typo
    /// (at most a third of the word's length, and at least 1, away); the first of equally near
    /// ones.
    ///
    /// A candidate is measured only as far as it could still beat the nearest so far, so a spec
    /// with thousands of names and as many misspellings is still answered at once.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        let length = word.count
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let bound = min(max(1, length / 3), (best?.distance ?? Int.max) - 1)
            guard bound >= 0 else { break }
            // Lower case keeps the count of characters, so a length too far off needs no measuring.
            guard abs(candidate.count - length) <= bound else { continue }
            if let distance = editDistance(lowered, Array(candidate.lowercased()), atMost: bound) {
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
        return editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// The edit distance between `a` and `b` (see `editDistance(_:_:)`), or `nil` as soon as it
    /// is sure to exceed `bound`.
    private static func editDistance(_ a: [Character], _ b: [Character], atMost bound: Int) -> Int? {
        guard abs(a.count - b.count) <= bound else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
                rowMinimum = min(rowMinimum, distance)
            }
            // A row is at least the smaller of the row before's minimum and one more than the
            // minimum of the row before that (a swap), so past the bound here, it stays past.
            if rowMinimum > bound, previousMinimum >= bound { return nil }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
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
        let first = lowered.first
        if let stem = candidates.first(where: {
            $0.count >= 3 && $0.first?.lowercased().first == first && lowered.hasPrefix($0.lowercased())
        }) {
            return " (did you mean '\(stem)'?)"
        }
        return ""
    }
}
