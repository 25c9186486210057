/// Reads typed values out of scalar nodes, logging a located error for every mismatch.
enum ScalarReading {
    /// The text of a scalar node.
    static func string(_ node: YAMLNode?, _ what: String, log: inout DiagnosticLog) -> String? {
        guard let node else { return nil }
        guard case .scalar(let text, _, _) = node else {
            log.error("\(what) must be a string, not \(node.kindDescription)", at: node.location)
            return nil
        }
        return text
    }

    /// A plain `true` or `false`.
    static func bool(_ node: YAMLNode?, _ what: String, log: inout DiagnosticLog) -> Bool? {
        guard let node else { return nil }
        if case .scalar(let text, false, _) = node {
            if text == "true" { return true }
            if text == "false" { return false }
        }
        log.error("\(what) must be true or false", at: node.location)
        return nil
    }

    /// A whole number within `range`.
    static func integer(
        _ node: YAMLNode?, _ what: String, in range: ClosedRange<Int> = 0...Int(Int32.max),
        log: inout DiagnosticLog
    ) -> Int? {
        guard let node else { return nil }
        guard case .scalar(let text, false, _) = node, let value = Int(text) else {
            log.error("\(what) must be a whole number", at: node.location)
            return nil
        }
        guard range.contains(value) else {
            log.error(
                "\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(value)", at: node.location)
            return nil
        }
        return value
    }

    /// A list of strings.
    static func strings(_ node: YAMLNode?, _ what: String, log: inout DiagnosticLog) -> [LocatedString] {
        guard let node else { return [] }
        guard case .sequence(let items, _) = node else {
            log.error("\(what) must be a list of strings, not \(node.kindDescription)", at: node.location)
            return []
        }
        return items.compactMap { item in
            string(item, "each entry of \(what)", log: &log).map { LocatedString(text: $0, location: item.location) }
        }
    }

    /// One of the raw values of `E`, with a suggestion when misspelled.
    static func choice<E: RawRepresentable & CaseIterable>(
        _ node: YAMLNode?, _ what: String, as type: E.Type, log: inout DiagnosticLog
    ) -> E? where E.RawValue == String {
        guard let text = string(node, what, log: &log), let node else { return nil }
        if let value = E(rawValue: text) { return value }
        let names = E.allCases.map(\.rawValue)
        log.error(
            "\(what) is '\(text)', which is not one of \(names.joined(separator: ", "))\(Suggestion.hint(for: text, among: names))",
            at: node.location)
        return nil
    }

    /// A duration written as a whole number and a unit: `500ms`, `2s`, `5m`, `1h`, `2d`.
    static func durationMilliseconds(_ node: YAMLNode?, _ what: String, log: inout DiagnosticLog) -> Int64? {
        guard let text = string(node, what, log: &log), let node else { return nil }
        let units: [(suffix: String, factor: Int64)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        for unit in units where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { continue }
            guard let value = Int64(digits), value <= Int64(Int32.max) else {
                log.error(
                    "\(what) is '\(text)', longer than a duration may be: at most \(Int32.max) of its unit",
                    at: node.location)
                return nil
            }
            return value * unit.factor
        }
        log.error("\(what) is '\(text)', which is not a duration such as 500ms, 2s, 5m, 1h or 2d", at: node.location)
        return nil
    }

    /// Any YAML value read as JSON. A plain scalar that YAML 1.2's core schema reads as null is
    /// null, in every spelling (nothing at all, `~`, `null`, `Null`, `NULL`), as editors and
    /// other YAML tools read it; plain `true` and `false` are booleans, and a number as JSON
    /// writes one is a number. Everything quoted, and every other plain scalar, is a string as
    /// written: where the spec wants a boolean or a number, one that YAML spells otherwise
    /// (`TRUE`, `0x1F`) is refused, not read as something else, and where it wants text it keeps
    /// its text.
    static func json(_ node: YAMLNode) -> JSONLiteral {
        switch node {
        case .scalar(let text, let quoted, _):
            if quoted { return .string(text) }
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return isJSONNumber(text) ? .number(text) : .string(text)
            }
        case .sequence(let items, _):
            return .array(items.map(json))
        case .mapping(let pairs, _):
            return .object(pairs.map { JSONMember(name: $0.key.text, value: json($0.value)) })
        }
    }

    /// Whether `text` is a number as JSON writes one.
    static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let intDigits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !intDigits.isEmpty, !(intDigits.count > 1 && intDigits.first == "0") else { return false }
        rest = rest.dropFirst(intDigits.count)
        if rest.first == "." {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}
