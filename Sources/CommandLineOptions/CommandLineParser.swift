/// Reads a command line the way Swift tools do: `--name value` and `--name=value`, flags
/// without values, `-h`/`--help` anywhere, `--` before arguments that start with a dash, and a
/// usage error for anything unknown, missing or repeated.
public struct CommandLineParser: Sendable {
    /// The program's name, for the help.
    public var program: String
    /// The forms of the command line, one help line each (`[--check] SPEC.yaml ...`).
    public var synopses: [String]
    /// Every option the command accepts (`--help` is added by the parser).
    public var options: [CommandLineOption]
    /// Text printed after the options in the help.
    public var epilogue: String

    /// A parser for `program` with its options.
    public init(program: String, synopses: [String], options: [CommandLineOption], epilogue: String = "") {
        self.program = program
        self.synopses = synopses
        self.options = options
        self.epilogue = epilogue
    }

    /// The help: the synopses, then every option with its line.
    public var usage: String {
        let listed = options + [.flag("help", help: "show this help (also -h)")]
        let width = listed.map(\.synopsis.count).max() ?? 0
        var lines = synopses.enumerated().map { index, synopsis in
            (index == 0 ? "usage: " : "       ") + program + (synopsis.isEmpty ? "" : " " + synopsis)
        }
        lines.append("")
        lines.append("options:")
        for option in listed {
            let padding = String(repeating: " ", count: width - option.synopsis.count)
            lines.append("  " + option.synopsis + padding + "  " + option.help)
        }
        if !epilogue.isEmpty {
            lines.append("")
            lines.append(epilogue)
        }
        return lines.joined(separator: "\n")
    }

    /// Parses `arguments` (without the program's name).
    public func parse(_ arguments: [String]) throws(CommandLineUsageError) -> ParsedCommandLine {
        var parsed = ParsedCommandLine()
        let optionArguments = arguments.prefix { $0 != "--" }
        if optionArguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            parsed.wantsHelp = true
            return parsed
        }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                parsed.arguments += remaining
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.arguments.append(argument)
                continue
            }
            let body = argument.drop { $0 == "-" }
            let equals = body.firstIndex(of: "=")
            let name = String(body[..<(equals ?? body.endIndex)])
            guard argument.hasPrefix("--"), let option = options.first(where: { $0.name == name }) else {
                throw CommandLineUsageError("unknown option \(argument)" + suggestion(for: name))
            }
            guard !parsed.flags.contains(name), parsed.values[name] == nil else {
                throw CommandLineUsageError("--\(name) given twice")
            }
            guard let valueName = option.valueName else {
                guard equals == nil else { throw CommandLineUsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            if let equals {
                parsed.values[name] = String(body[body.index(after: equals)...])
            } else if let value = remaining.first, !value.hasPrefix("-") || value == "-" {
                parsed.values[name] = remaining.removeFirst()
            } else {
                throw CommandLineUsageError("--\(name) needs a value (\(option.synopsis))")
            }
            if parsed.values[name, default: ""].isEmpty {
                throw CommandLineUsageError("--\(name) needs a value, not an empty \(valueName)")
            }
        }
        return parsed
    }

    /// ` (did you mean --x?)` for an option name one or two letters from a real one.
    private func suggestion(for name: String) -> String {
        let close = options.map(\.name).first { candidate in
            Self.differsByAtMostTwo(candidate, name)
        }
        return close.map { " (did you mean --\($0)?)" } ?? ""
    }

    /// Whether `a` becomes `b` with at most two insertions, deletions or substitutions.
    static func differsByAtMostTwo(_ a: String, _ b: String) -> Bool {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) <= 2 }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count] <= 2
    }
}
