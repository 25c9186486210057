import Foundation

extension SpecLoader {
    /// The keys a rule may have, whatever its kind.
    static let ruleKeys = [
        "doc", "kind", "nonWhitespace", "length", "forbiddenCharacters", "forbiddenPrefixes", "pattern",
        "allowedKinds", "nonFiniteNumbers", "keyRule", "valueRule", "maxCount", "examples",
    ]
    /// Which keys belong to which kind of rule.
    static let ruleKeysByKind: [String: [String]] = [
        "string": ["nonWhitespace", "length", "forbiddenCharacters", "forbiddenPrefixes", "pattern"],
        "value": ["allowedKinds", "nonFiniteNumbers"],
        "map": ["keyRule", "valueRule", "maxCount"],
    ]

    mutating func loadRules(_ node: YAMLNode) -> [RuleSpec] {
        NamedEntries.read(node, context: "'rules'", log: &log).compactMap { entry in
            let context = "rule '\(entry.key.text)'"
            guard let reader = MappingReader(entry.value, context: context, keys: Self.ruleKeys, log: &log),
                let kindNode = reader.required("kind", log: &log),
                let kindName = ScalarReading.string(kindNode, "the kind of \(context)", log: &log)
            else { return nil }
            guard Self.ruleKeysByKind[kindName] != nil else {
                let kinds = ["string", "value", "map"]
                log.error(
                    "the kind of \(context) must be string, value or map, not '\(kindName)'\(Suggestion.hint(for: kindName, among: kinds))",
                    at: kindNode.location)
                return nil
            }
            for (otherKind, keys) in Self.ruleKeysByKind where otherKind != kindName {
                for key in keys where reader[key] != nil {
                    log.error(
                        "'\(key)' belongs to \(otherKind) rules, not to \(context) of kind \(kindName)",
                        at: reader.keyLocation(key))
                }
            }
            let kind: RuleSpec.Kind?
            switch kindName {
            case "string": kind = loadStringRule(reader, context: context).map { .string($0) }
            case "value": kind = loadValueRule(reader, context: context).map { .value($0) }
            default: kind = loadMapRule(reader, context: context).map { .map($0) }
            }
            guard let kind else { return nil }
            var rule = RuleSpec(
                name: entry.key.text, location: entry.key.location, doc: doc(reader), kind: kind, validExamples: [],
                invalidExamples: [])
            if let examples = reader["examples"] {
                loadRuleExamples(examples, into: &rule, context: context, statesPattern: reader["pattern"] != nil)
            }
            return rule
        }
    }

    mutating func loadStringRule(_ reader: MappingReader, context: String) -> StringRule? {
        var rule = StringRule(
            requiresNonWhitespace: ScalarReading.bool(reader["nonWhitespace"], "'nonWhitespace'", log: &log) ?? false,
            minLength: nil, maxLength: nil, lengthUnit: .characters, forbiddenCharacters: [], forbiddenPrefixes: [],
            pattern: nil)
        if let lengthNode = reader["length"],
            let length = MappingReader(
                lengthNode, context: "the length of \(context)", keys: ["min", "max", "unit"], log: &log)
        {
            rule.minLength = ScalarReading.integer(
                length["min"], "the minimum length", in: StringRule.lengthLimits, log: &log)
            rule.maxLength = ScalarReading.integer(
                length["max"], "the maximum length", in: StringRule.lengthLimits, log: &log)
            if let unit = ScalarReading.choice(
                length.required("unit", log: &log), "the length unit", as: LengthUnit.self, log: &log)
            {
                rule.lengthUnit = unit
            }
            if rule.minLength == nil, rule.maxLength == nil, length["min"] == nil, length["max"] == nil,
                !length.hasUnknownKeys
            {
                log.error("the length of \(context) needs 'min', 'max' or both", at: lengthNode.location)
            }
            if let min = rule.minLength, let max = rule.maxLength, min > max {
                log.error(
                    "the length of \(context) is contradictory: min \(min) is greater than max \(max)",
                    at: lengthNode.location)
            }
        }
        for character in ScalarReading.strings(reader["forbiddenCharacters"], "'forbiddenCharacters'", log: &log) {
            let scalars = Array(character.text.unicodeScalars)
            if scalars.count == 1 {
                if rule.forbiddenCharacters.contains(scalars[0]) {
                    log.error(
                        "the forbidden character \(scalars[0].codePoint) is listed twice", at: character.location)
                }
                rule.forbiddenCharacters.append(scalars[0])
            } else {
                log.error(
                    "each forbidden character must be exactly one Unicode scalar (write NUL as \"\\0\"), not \(scalars.count)",
                    at: character.location)
            }
        }
        for prefix in ScalarReading.strings(reader["forbiddenPrefixes"], "'forbiddenPrefixes'", log: &log) {
            if prefix.text.isEmpty {
                log.error("a forbidden prefix cannot be empty", at: prefix.location)
            } else if rule.forbiddenPrefixes.contains(where: { $0.hasSameScalars(as: prefix.text) }) {
                log.error("the forbidden prefix '\(prefix.text)' is listed twice", at: prefix.location)
            } else {
                rule.forbiddenPrefixes.append(prefix.text)
            }
        }
        if let patternNode = reader["pattern"], let source = ScalarReading.string(patternNode, "the pattern", log: &log)
        {
            do throws(PatternError) {
                rule.pattern = CompiledPatternSpec(source: source, automaton: try PatternCompiler.compile(source))
            } catch {
                // The diagnostic's column replaces the message's, when the line shows it.
                if let at = location(ofOffset: error.column, inside: patternNode) {
                    let message = error.message.replacingOccurrences(of: " at column \(error.column)", with: "")
                    log.error("the pattern of \(context) cannot be compiled: \(message)", at: at)
                } else {
                    log.error(
                        "the pattern of \(context) cannot be compiled: \(error.message)", at: patternNode.location)
                }
            }
        }
        return rule
    }

    mutating func loadValueRule(_ reader: MappingReader, context: String) -> ValueRule? {
        var kinds: [JSONKind] = []
        if let node = reader.required("allowedKinds", log: &log) {
            guard case .sequence(let items, _) = node else {
                log.error("'allowedKinds' must be a list", at: node.location)
                return nil
            }
            for item in items {
                guard let kind = ScalarReading.choice(item, "an allowed kind", as: JSONKind.self, log: &log) else {
                    continue
                }
                if kinds.contains(kind) {
                    log.error("the kind '\(kind.rawValue)' is listed twice", at: item.location)
                } else {
                    kinds.append(kind)
                }
            }
            if items.isEmpty { log.error("'allowedKinds' of \(context) allows nothing", at: node.location) }
        }
        let policy =
            ScalarReading.choice(
                reader["nonFiniteNumbers"], "'nonFiniteNumbers'", as: ValueRule.NonFinitePolicy.self, log: &log)
            ?? .reject
        if policy == .null, !kinds.contains(.null), let node = reader["nonFiniteNumbers"] {
            log.error("\(context) turns non-finite numbers into null but does not allow null", at: node.location)
        }
        return ValueRule(allowedKinds: kinds, nonFiniteNumbers: policy)
    }

    mutating func loadMapRule(_ reader: MappingReader, context: String) -> MapRule? {
        guard let key = ScalarReading.string(reader.required("keyRule", log: &log), "'keyRule'", log: &log) else {
            return nil
        }
        return MapRule(
            keyRule: key,
            valueRule: ScalarReading.string(reader["valueRule"], "'valueRule'", log: &log),
            maxCount: ScalarReading.integer(reader["maxCount"], "'maxCount'", in: MapRule.countLimits, log: &log))
    }

    /// Reads the examples of `rule`. `statesPattern`: the rule names a pattern, so a
    /// `patternMismatch` example of a rule left without one is the pattern's failure, reported
    /// already, not a wrong reason.
    mutating func loadRuleExamples(
        _ node: YAMLNode, into rule: inout RuleSpec, context: String, statesPattern: Bool
    ) {
        guard
            let reader = MappingReader(
                node, context: "the examples of \(context)", keys: ["valid", "invalid"], log: &log)
        else { return }
        if let valid = reader["valid"] {
            if case .sequence(let items, _) = valid {
                rule.validExamples = items.map {
                    RuleExample(value: json($0), reason: nil, location: $0.location)
                }
            } else {
                log.error("valid examples must be a list", at: valid.location)
            }
        }
        guard let invalid = reader["invalid"] else { return }
        guard case .sequence(let items, _) = invalid else {
            log.error("invalid examples must be a list of {value, reason}", at: invalid.location)
            return
        }
        for item in items {
            guard
                let example = MappingReader(item, context: "an invalid example", keys: ["value", "reason"], log: &log),
                let value = example.required("value", log: &log),
                let reason = ScalarReading.choice(
                    example.required("reason", log: &log), "the reason", as: RuleReason.self, log: &log)
            else { continue }
            if !rule.reasons.contains(reason) {
                guard reason != .patternMismatch || !statesPattern else { continue }
                log.error(
                    "\(context) never reports '\(reason.rawValue)'; it reports \(rule.reasons.map(\.rawValue).joined(separator: ", "))",
                    at: example.keyLocation("reason"))
                continue
            }
            rule.invalidExamples.append(
                RuleExample(value: json(value), reason: reason, location: item.location))
        }
    }
}
