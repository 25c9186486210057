/// The coarsest split of the Unicode scalars into disjoint ranges ("symbols") such that every
/// scalar set of an NFA is a union of whole symbols; the DFA is built over symbol indices.
struct ScalarAlphabet: Sendable {
    /// The symbols in ascending order; together they cover every scalar.
    let symbols: [ClosedRange<UInt32>]

    /// The alphabet that refines every set in `sets`.
    init(refining sets: [ScalarSet]) {
        var cuts: Set<UInt32> = [
            0, ScalarSet.surrogates.lowerBound, ScalarSet.surrogates.upperBound + 1,
        ]
        for set in sets {
            for range in set.ranges {
                cuts.insert(range.lowerBound)
                cuts.insert(range.upperBound + 1)
            }
        }
        let bounds = cuts.sorted() + [ScalarSet.maxScalar + 1]
        var symbols: [ClosedRange<UInt32>] = []
        for (lower, next) in zip(bounds, bounds.dropFirst())
        where lower < next && lower <= ScalarSet.maxScalar {
            if lower != ScalarSet.surrogates.lowerBound { symbols.append(lower...(next - 1)) }
        }
        self.symbols = symbols
    }

    /// The indices of the symbols that make up `set`, ascending.
    func symbols(of set: ScalarSet) -> [Int] {
        var result: [Int] = []
        for range in set.ranges {
            var index = firstSymbol(atOrAfter: range.lowerBound)
            while index < symbols.count, symbols[index].upperBound <= range.upperBound {
                result.append(index)
                index += 1
            }
        }
        return result
    }

    /// The index of the symbol that starts at or after `value` (binary search).
    private func firstSymbol(atOrAfter value: UInt32) -> Int {
        var low = 0
        var high = symbols.count
        while low < high {
            let mid = (low + high) / 2
            if symbols[mid].lowerBound < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
