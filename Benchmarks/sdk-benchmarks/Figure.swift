/// One measured figure: the median of its samples with their range, and the target it is held
/// against.
struct Figure: Sendable, Encodable {
    /// The section it belongs to (`generator`, `compile`, `hot paths`, `queue`, `emulator`).
    var group: String
    /// What was measured, in words.
    var name: String
    /// The unit of `median`, `minimum` and `maximum`.
    var unit: FigureUnit
    /// The median of the samples.
    var median: Double
    /// The smallest sample.
    var minimum: Double
    /// The largest sample.
    var maximum: Double
    /// How many samples were taken.
    var samples: Int
    /// The figure's target, if it has one.
    var target: Target?
    /// A remark printed under the table (what stands in for what, what was skipped).
    var note: String?

    /// A figure summarising `values` (at least one).
    init(
        group: String, name: String, unit: FigureUnit, values: [Double], target: Target? = nil,
        note: String? = nil
    ) {
        let sorted = values.sorted()
        self.group = group
        self.name = name
        self.unit = unit
        median = Figure.median(of: sorted)
        minimum = sorted.first ?? .nan
        maximum = sorted.last ?? .nan
        samples = values.count
        self.target = target
        self.note = note
    }

    /// Whether the median meets the target; `nil` without a target.
    var passes: Bool? { target.map { $0.isMet(by: median) } }

    /// `PASS`, `MISS` or empty.
    var verdict: String {
        switch passes {
        case true?: "PASS"
        case false?: "MISS"
        case nil: ""
        }
    }

    private enum CodingKeys: String, CodingKey {
        case group, name, unit, median, minimum = "min", maximum = "max", samples, target, verdict,
            note
    }

    /// Encodes the figure with its verdict.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group, forKey: .group)
        try container.encode(name, forKey: .name)
        try container.encode(unit.rawValue, forKey: .unit)
        try container.encode(median, forKey: .median)
        try container.encode(minimum, forKey: .minimum)
        try container.encode(maximum, forKey: .maximum)
        try container.encode(samples, forKey: .samples)
        try container.encodeIfPresent(target, forKey: .target)
        if passes != nil { try container.encode(verdict, forKey: .verdict) }
        try container.encodeIfPresent(note, forKey: .note)
    }

    /// The middle of sorted `values` (the mean of the two middle ones for an even count).
    static func median(of sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
