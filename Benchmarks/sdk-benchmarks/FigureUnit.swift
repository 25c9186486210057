/// The unit a figure is given in.
enum FigureUnit: String, Sendable {
    case nanoseconds = "ns"
    case microseconds = "µs"
    case milliseconds = "ms"
    case seconds = "s"
    case megabytes = "MB"
    case perSecond = "/s"
    case times = "×"
    case cores = "cores"

    /// `value` formatted for the table, with three significant digits or more.
    func format(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let digits =
            if magnitude >= 100 { 0 } else if magnitude >= 10 { 1 } else if magnitude >= 1 { 2 } else { 3 }
        return value.formatted(.number.precision(.fractionLength(digits)).grouping(.automatic))
    }
}
