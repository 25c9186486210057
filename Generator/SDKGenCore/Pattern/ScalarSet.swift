/// A set of Unicode scalar values, kept as sorted, disjoint, non-adjacent ranges that never
/// include the surrogate block `0xD800...0xDFFF` (surrogates are not scalars).
struct ScalarSet: Hashable, Sendable {
    /// The largest Unicode scalar value.
    static let maxScalar: UInt32 = 0x10FFFF
    /// The surrogate block, which no Swift string can contain.
    static let surrogates: ClosedRange<UInt32> = 0xD800...0xDFFF

    /// The members, sorted by lower bound, disjoint and not touching each other.
    private(set) var ranges: [ClosedRange<UInt32>]

    /// The empty set.
    static let empty = ScalarSet(normalized: [])
    /// Every Unicode scalar.
    static let all = ScalarSet(normalized: [0...0xD7FF, 0xE000...maxScalar])

    private init(normalized: [ClosedRange<UInt32>]) {
        self.ranges = normalized
    }

    /// The set of the scalars in `ranges` (which may overlap, be unsorted or include surrogates).
    init(_ ranges: [ClosedRange<UInt32>]) {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in sorted {
            guard range.lowerBound <= Self.maxScalar else { continue }
            let clamped = range.lowerBound...min(range.upperBound, Self.maxScalar)
            if let last = merged.last, clamped.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, clamped.upperBound)
            } else {
                merged.append(clamped)
            }
        }
        self.ranges = merged.flatMap(Self.removingSurrogates)
    }

    /// The set holding just `scalar`.
    init(_ scalar: Unicode.Scalar) {
        self.ranges = [scalar.value...scalar.value]
    }

    /// Whether the set has no members.
    var isEmpty: Bool { ranges.isEmpty }

    /// The members of `self` and of `other`.
    func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(ranges + other.ranges)
    }

    /// Every scalar that is not in `self`.
    var complement: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if next <= Self.maxScalar { result.append(next...Self.maxScalar) }
        return ScalarSet(result)
    }

    /// Whether `value` is a member.
    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value {
                low = mid + 1
            } else if ranges[mid].lowerBound > value {
                high = mid
            } else {
                return true
            }
        }
        return false
    }

    private static func removingSurrogates(_ range: ClosedRange<UInt32>) -> [ClosedRange<UInt32>] {
        guard range.overlaps(surrogates) else { return [range] }
        var pieces: [ClosedRange<UInt32>] = []
        if range.lowerBound < surrogates.lowerBound {
            pieces.append(range.lowerBound...(surrogates.lowerBound - 1))
        }
        if range.upperBound > surrogates.upperBound {
            pieces.append((surrogates.upperBound + 1)...range.upperBound)
        }
        return pieces
    }
}
