import Foundation

/// The figures of a run, printed as a table and written as JSON.
struct Report: Sendable, Encodable {
    /// The command that produced them.
    var command: String
    /// Whether it was a `--quick` run.
    var quick: Bool
    /// When the run finished.
    var date: Date
    /// The processors the machine offers.
    var processors: Int
    /// The one-minute load average when the run started and when it ended (other processes
    /// sharing the machine make every figure slower and wider).
    var loadAverage: [Double]
    /// Every figure, in the order measured.
    var figures: [Figure]

    /// The table: one row per figure with median, range, target and verdict; notes below.
    var table: String {
        let header = [
            pad("benchmark", 58), pad("median", 14, right: true), pad("min", 11, right: true),
            pad("max", 11, right: true), "  ", pad("target", 16), "",
        ]
        var lines = [header.joined(separator: " ")]
        var group = ""
        var notes: [String] = []
        for figure in figures {
            if figure.group != group {
                group = figure.group
                lines.append(group)
            }
            var name = "  " + figure.name
            if let note = figure.note {
                if !notes.contains(note) { notes.append(note) }
                name += " [\((notes.firstIndex(of: note) ?? 0) + 1)]"
            }
            let unit = figure.unit
            let row = [
                pad(name, 58), pad(unit.format(figure.median) + " " + unit.rawValue, 14, right: true),
                pad(unit.format(figure.minimum), 11, right: true),
                pad(unit.format(figure.maximum), 11, right: true), "  ",
                pad(figure.target?.description(in: unit) ?? "", 16), figure.verdict,
            ]
            lines.append(row.joined(separator: " "))
        }
        let load = loadAverage.map { $0.formatted(.number.precision(.fractionLength(2))) }
        lines.append("")
        lines.append(
            "\(processors) processors; load average \(load.joined(separator: " at the start, ")) at the end")
        let passed = figures.filter { $0.passes == true }.count
        let targeted = figures.filter { $0.passes != nil }.count
        lines.append("\(passed) of \(targeted) targets met")
        for (index, note) in notes.enumerated() { lines.append("[\(index + 1)] \(note)") }
        return lines.joined(separator: "\n")
    }

    /// Writes the figures as JSON to `path`, creating its folder.
    func write(toPath path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try encoder.encode(self).write(to: url)
    }

    /// The one-minute load average now, from `/proc/loadavg` (`nan` where there is none).
    static func currentLoadAverage() -> Double {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.flatMap { Double($0) } ?? .nan
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
