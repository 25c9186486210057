/// Builds the text of a spec from the fuzzer's bytes: every section of the language, names and
/// values from `Vocabulary`, types that refer to the spec's own models and enums, rules with
/// patterns and limits up to the largest accepted, and examples made to fit their types and
/// rules, so that most built specs load and go on through translation and rendering. One choice
/// in `mistakeOdds` is a mistake (a bad name, a duplicate, a dangling reference, an example that
/// does not fit), which tests the diagnostics of specs no mutation of a real spec's text reaches.
struct SpecBuilder {
    /// One choice in this many is a mistake.
    static let mistakeOdds = 48

    private var source: ByteSource
    private var typeNames: [String] = []
    private var enumNames: [String] = []
    private var modelNames: [String] = []
    private var stringRules: [String] = []
    private var valueRules: [String] = []
    private var ruleNames: [String] = []
    private var constantNames: [String] = []
    private var durationConstants: [String] = []
    /// Each error code and its status.
    private var errors: [(String, Int)] = []
    private var identifierNames: [String] = []
    private var operationNames: [String] = []
    /// Each model's members (by wire name) and their types, for building examples that fit.
    private var members: [String: [(String, String)]] = [:]

    init(bytes: [UInt8]) {
        source = ByteSource(bytes)
    }

    /// The spec's text.
    mutating func text() -> String {
        var top: [(String, SpecNode)] = []
        top.append(("sdkgen", .integer(mistake() ? 2 : 1)))
        top.append(("api", api()))
        top.append(("constants", entries(upTo: 3) { $0.constant() }))
        top.append(("rules", entries(upTo: 4) { $0.rule() }))
        top.append(("identifiers", entries(upTo: 2) { $0.identifier() }))
        top.append(("enums", entries(upTo: 3) { $0.enumeration() }))
        top.append(("models", models()))
        top.append(("errors", entries(upTo: 3) { $0.error() }))
        if source.oneIn(4) { top.append(("headers", headers())) }
        var index = 0
        top.append(
            (
                "operations",
                entries(upTo: 4) { builder in
                    index += 1
                    return builder.operation(index)
                }
            ))
        if mistake() { top.append((source.pick(["model", "Rules", "extra"]), .mapping([]))) }
        let document = SpecNode.mapping(top)
        return document.text + "\n"
    }

    // MARK: Choices

    /// Whether this choice is a mistake.
    private mutating func mistake() -> Bool {
        source.oneIn(Self.mistakeOdds)
    }

    /// A name from `good` that is not yet in `taken` (a number appended if need be), or, as a
    /// mistake, one from `bad` or a duplicate.
    private mutating func name(_ good: [String], bad: [String], taken: [String]) -> String {
        if mistake() { return source.pick(bad + (taken.isEmpty ? bad : taken)) }
        let base = source.pick(good)
        var name = base
        var number = 2
        while taken.contains(name) {
            name = base + String(number)
            number += 1
        }
        return name
    }

    /// A mapping of up to `limit` entries made by `make`.
    private mutating func entries(upTo limit: Int, _ make: (inout SpecBuilder) -> (String, SpecNode)) -> SpecNode {
        var pairs: [(String, SpecNode)] = []
        for _ in 0..<source.below(limit + 1) { pairs.append(make(&self)) }
        return .mapping(pairs)
    }

    // MARK: Sections

    private mutating func api() -> SpecNode {
        var pairs: [(String, SpecNode)] = [
            ("name", .string(mistake() ? source.pick(Vocabulary.badTypeNames) : "Demo")),
            ("version", .string("1.0.0")),
        ]
        if source.oneIn(2) { pairs.append(("doc", .string(source.pick(Vocabulary.strings)))) }
        if mistake() { pairs.append(("emulator", .string("NoSuchEmulator"))) }
        return .mapping(pairs)
    }

    private mutating func constant() -> (String, SpecNode) {
        let name = self.name(
            Vocabulary.memberNames + ["requestTimeout", "maxLength"], bad: Vocabulary.badMemberNames,
            taken: constantNames + ruleNames)
        constantNames.append(name)
        let value: (String, SpecNode)
        switch source.below(3) {
        case 0:
            durationConstants.append(name)
            value = ("duration", .string(source.pick(mistake() ? Vocabulary.badDurations : Vocabulary.durations)))
        case 1: value = ("integer", .integer(source.pick(Vocabulary.limits)))
        default: value = ("string", .string(source.pick(Vocabulary.strings)))
        }
        return (name, .mapping([value, ("doc", .string("A constant."))]))
    }

    private mutating func pattern() -> String {
        if mistake() {
            return source.oneIn(2)
                ? source.pick(Vocabulary.badPatterns)
                : String((0..<source.below(16)).map { _ in source.pick(Vocabulary.patternAlphabet) })
        }
        return source.pick(Vocabulary.patterns)
    }

    /// A limit, or now and then one the generator refuses.
    private mutating func limit() -> Int {
        source.pick(mistake() ? Vocabulary.badLimits : Vocabulary.limits)
    }

    /// A string rule's checks, with examples worked out from them when no pattern makes that
    /// impossible here.
    private mutating func stringRuleKeys(examples: Bool) -> [(String, SpecNode)] {
        var pairs: [(String, SpecNode)] = []
        let nonWhitespace = source.oneIn(3)
        if nonWhitespace { pairs.append(("nonWhitespace", .boolean(true))) }
        var bounds: (min: Int, max: Int) = (0, Int.max)
        let hasPattern = source.oneIn(2)
        if !hasPattern || source.oneIn(2) {
            var length: [(String, SpecNode)] = []
            if source.oneIn(2) {
                bounds.min = limit()
                length.append(("min", .integer(bounds.min)))
            }
            if !source.oneIn(4) || length.isEmpty {
                bounds.max = max(limit(), mistake() ? 0 : bounds.min)
                length.append(("max", .integer(bounds.max)))
            }
            if !mistake() { length.append(("unit", .string(source.pick(Vocabulary.units)))) }
            pairs.append(("length", .mapping(length)))
        }
        if source.oneIn(4) { pairs.append(("forbiddenCharacters", .list([.string(source.pick(["\0", "\n", "#"]))]))) }
        if source.oneIn(4) { pairs.append(("forbiddenPrefixes", .list([.string(source.pick(["vh_anon_", "$"]))]))) }
        if hasPattern { pairs.append(("pattern", .string(pattern()))) }
        // Examples are short: a rule with a long minimum gets none.
        guard examples, 0 <= bounds.min, bounds.min <= min(bounds.max, 1000), !hasPattern || mistake(), source.oneIn(2)
        else { return pairs }
        // ASCII letters: every unit counts them alike; "x" passes every check but the length.
        let valid = (bounds.min...min(bounds.max, bounds.min + 40)).filter { $0 > 0 || !nonWhitespace }.prefix(2)
        var invalid: [SpecNode] = []
        if nonWhitespace {
            invalid.append(.mapping([("value", .string("")), ("reason", .string("blank"))]))
        } else if bounds.min > 0 {
            invalid.append(.mapping([("value", .string("")), ("reason", .string("tooShort"))]))
        }
        if bounds.max < 1000 {
            let value = String(repeating: "x", count: bounds.max + 1)
            invalid.append(.mapping([("value", .string(value)), ("reason", .string(mistake() ? "blank" : "tooLong"))]))
        }
        let examples: [(String, SpecNode)] = [
            ("valid", .list(valid.map { .string(String(repeating: "x", count: $0)) })), ("invalid", .list(invalid)),
        ]
        pairs.append(("examples", .mapping(examples)))
        return pairs
    }

    private mutating func rule() -> (String, SpecNode) {
        let name = self.name(
            Vocabulary.memberNames + ["noteId", "tagName", "groupType"], bad: Vocabulary.badMemberNames,
            taken: ruleNames + constantNames)
        ruleNames.append(name)
        var pairs: [(String, SpecNode)] = [("doc", .string("A rule."))]
        switch source.below(5) {
        case 0:
            valueRules.append(name)
            pairs.append(("kind", .string("value")))
            let kinds = ["string", "number", "boolean", "null"]
            var allowed = kinds.filter { _ in source.oneIn(2) }
            if allowed.isEmpty { allowed = ["string"] }
            pairs.append(("allowedKinds", .list(allowed.map { .string($0) })))
            if source.oneIn(2) {
                let policy = allowed.contains("null") && !mistake() ? source.pick(["null", "reject"]) : "reject"
                pairs.append(("nonFiniteNumbers", .string(policy)))
            }
            if source.oneIn(2) {
                let samples: [String: SpecNode] = [
                    "string": .string("a"), "number": .integer(1), "boolean": .boolean(true),
                ]
                let valid = allowed.compactMap { samples[$0] }
                let invalid = kinds.filter { !allowed.contains($0) }.compactMap { samples[$0] }.map {
                    SpecNode.mapping([("value", $0), ("reason", .string("kindNotAllowed"))])
                }
                pairs.append(("examples", .mapping([("valid", .list(valid)), ("invalid", .list(invalid))])))
            }
        case 1 where !stringRules.isEmpty:
            pairs.append(("kind", .string("map")))
            pairs.append(("keyRule", .string(source.pick(mistake() ? ruleNames : stringRules))))
            if let value = source.pickIfAny(stringRules + valueRules) { pairs.append(("valueRule", .string(value))) }
            pairs.append(("maxCount", .integer(min(limit(), mistake() ? 1_000_000 : 100_000))))
        default:
            stringRules.append(name)
            pairs.append(("kind", .string("string")))
            pairs += stringRuleKeys(examples: true)
        }
        return (name, .mapping(pairs))
    }

    private mutating func identifier() -> (String, SpecNode) {
        let name = self.name(["anonymousId", "externalId", "deviceId", "sessionId"], bad: [""], taken: identifierNames)
        identifierNames.append(name)
        let body = source.pick(Vocabulary.identifierBodies)
        var pairs: [(String, SpecNode)] = [
            ("prefix", .string(mistake() ? "" : source.pick(["vh_anon_", "$MBJExternalID:", "dev_", "s-"]))),
            ("body", .string(body)),
        ]
        if body == "sha256Hex32" || mistake() { pairs.append(("input", .string("appUserId"))) }
        return (name, .mapping(pairs))
    }

    private mutating func enumeration() -> (String, SpecNode) {
        let name = self.name(Vocabulary.typeNames, bad: Vocabulary.badTypeNames, taken: typeNames)
        typeNames.append(name)
        enumNames.append(name)
        var values: [String] = []
        for _ in 0...source.below(4) {
            values.append(self.name(Vocabulary.memberNames + ["draft", "active"], bad: [""], taken: values))
        }
        let nodes = values.map { value in
            source.oneIn(2)
                ? SpecNode.string(value) : .mapping([("value", .string(value)), ("doc", .string("A value."))])
        }
        return (name, .mapping([("doc", .string("An enum.")), ("values", .list(nodes))]))
    }

    /// Every model: names first, then members (a required reference only to a model before
    /// it, so every model has an example), then the examples.
    private mutating func models() -> SpecNode {
        for _ in 0..<source.below(6) {
            let name = self.name(Vocabulary.typeNames, bad: Vocabulary.badTypeNames, taken: typeNames)
            typeNames.append(name)
            modelNames.append(name)
        }
        var pairs: [(String, SpecNode)] = []
        for (index, model) in modelNames.enumerated() {
            var properties: [(String, SpecNode)] = []
            var typed: [(String, String)] = []
            var names: [String] = []
            for _ in 0..<source.below(5) {
                let member = self.name(Vocabulary.memberNames, bad: Vocabulary.badMemberNames, taken: names)
                names.append(member)
                var type = typeReference(requiredModels: Array(modelNames.prefix(index)))
                var keys: [(String, SpecNode)] = []
                // A member with a rule is optional and left out of examples: what a pattern
                // accepts is not worked out here.
                if source.oneIn(4), ["string", "[string]"].contains(type.filter { $0 != "?" }) {
                    if !type.hasSuffix("?") { type += "?" }
                    if source.oneIn(2), let rule = source.pickIfAny(stringRules) {
                        keys.append(("rule", .string(rule)))
                    } else {
                        // Inline, a member takes only a pattern and a length.
                        keys += stringRuleKeys(examples: false).filter { $0.0 == "pattern" || $0.0 == "length" }
                    }
                }
                let wireName = source.oneIn(6) ? member + "_wire" : member
                if wireName != member { keys.append(("wireName", .string(wireName))) }
                if source.oneIn(2) { keys.append(("doc", .string(source.pick(Vocabulary.strings)))) }
                let ruled = keys.contains { $0.0 == "rule" || $0.0 == "pattern" || $0.0 == "length" }
                typed.append((wireName, ruled ? "ruled" : type))
                let node =
                    keys.isEmpty && source.oneIn(4)
                    ? SpecNode.string(type) : SpecNode.mapping([("type", .string(type))] + keys)
                properties.append((member, node))
            }
            members[model] = typed
            pairs.append((model, .mapping(properties)))
        }
        var models: [(String, SpecNode)] = []
        for (model, properties) in pairs {
            var examples: [SpecNode] = []
            for _ in 0..<source.below(3) { examples.append(value(of: model)) }
            let keys: [(String, SpecNode)] = [
                ("doc", .string("A model.")), ("properties", properties), ("examples", .list(examples)),
            ]
            models.append((model, SpecNode.mapping(keys)))
        }
        return .mapping(models)
    }

    /// A type: a base type, an enum, a model (required only if in `requiredModels`), maybe in a
    /// list or map, maybe optional.
    private mutating func typeReference(requiredModels: [String]) -> String {
        if mistake() { return source.pick(Vocabulary.badTypeNames + ["bool", "[string?]", "[", "Undeclared"]) }
        var optional = source.oneIn(3)
        var type: String
        switch source.below(6) {
        case 0 where !modelNames.isEmpty:
            type = source.pick(modelNames)
            if !requiredModels.contains(type) { optional = true }
        case 1 where !enumNames.isEmpty: type = source.pick(enumNames)
        default: type = source.pick(Vocabulary.baseTypes)
        }
        switch source.below(6) {
        case 0: type = "[" + type + "]"
        case 1: type = "[string: " + type + "]"
        default: break
        }
        return optional ? type + "?" : type
    }

    /// A value of `type`, made to fit it (now and then, as a mistake, a value of another kind).
    private mutating func value(of type: String, depth: Int = 0) -> SpecNode {
        if mistake() { return source.pick([.integer(7), .string("x"), .null, .list([]), .mapping([])]) }
        if type.hasSuffix("?") {
            return depth > 2 || source.oneIn(4) ? SpecNode.null : value(of: String(type.dropLast()), depth: depth)
        }
        if type.hasPrefix("[string: ") {
            let element = String(type.dropFirst(9).dropLast())
            let keys = depth > 2 ? [] : ["a", "b"].prefix(source.below(3))
            return .mapping(keys.map { ($0, value(of: element, depth: depth + 1)) })
        }
        if type.hasPrefix("[") {
            let element = String(type.dropFirst().dropLast())
            return .list((0..<(depth > 2 ? 0 : source.below(3))).map { _ in value(of: element, depth: depth + 1) })
        }
        switch type {
        case "string": return .string(source.pick(Vocabulary.strings))
        case "integer": return .integer(source.pick(Vocabulary.limits + [0, -1]))
        case "number": return .number(source.pick([0.5, -1, 1e300, 3]))
        case "boolean": return .boolean(source.oneIn(2))
        case "date": return .string(source.pick(["2026-11-29T10:00:00Z", "2026-11-30T08:30:00.250Z"]))
        case "json": return source.pick([SpecNode.null, .integer(1), .string("x"), .list([.boolean(true)])])
        default:
            // Two models may share a name (a mistake), so a required reference can lead back to
            // its own model: past a depth, an empty object stands in.
            if let typed = members[type], depth < 8 {
                var pairs: [(String, SpecNode)] = []
                for (member, memberType) in typed where memberType != "ruled" {
                    if memberType.hasSuffix("?") && source.oneIn(2) { continue }
                    pairs.append((member, value(of: memberType, depth: depth + 1)))
                }
                return .mapping(pairs)
            }
            return .string(source.pick(["draft", "active", "unknown-value"]))
        }
    }

    private mutating func error() -> (String, SpecNode) {
        let code = self.name(Vocabulary.errorCodes, bad: ["badCode", ""], taken: errors.map(\.0))
        let status = source.pick(Vocabulary.errorStatuses)
        let category =
            mistake() ? "other" : status == 401 ? "authenticationFailed" : status >= 429 ? "retryable" : "rejected"
        errors.append((code, status))
        return (
            code,
            .mapping([("status", .integer(status)), ("category", .string(category)), ("doc", .string("An error."))])
        )
    }

    private mutating func headers() -> SpecNode {
        .mapping([
            ("inputs", .mapping([("apiKey", .mapping([("type", .string("string"))]))])),
            (
                "fields",
                .list([
                    .mapping([
                        ("name", .string("Authorization")), ("from", .string(mistake() ? "nothing" : "apiKey")),
                        ("template", .string("Bearer {value}")),
                    ])
                ])
            ),
            (
                "examples",
                .list([
                    .mapping([
                        ("inputs", .mapping([("apiKey", .string("k"))])),
                        ("expect", .mapping([("Authorization", .string(mistake() ? "k" : "Bearer k"))])),
                    ])
                ])
            ),
        ])
    }

    private mutating func operation(_ index: Int) -> (String, SpecNode) {
        let name = self.name(
            ["listNotes", "getNote", "createNote", "deleteNote", "class", "init", "search"], bad: ["", "a-b"],
            taken: operationNames)
        operationNames.append(name)
        let method = source.pick(Vocabulary.methods)
        var path = "/v1/r\(index)"
        var parameters: [(String, SpecNode)] = []
        var given: [(String, String)] = []
        var taken: [String] = []
        for _ in 0..<source.below(4) {
            let parameter = self.name(["noteId", "tag", "limit", "self", "id", "for"], bad: [""], taken: taken)
            taken.append(parameter)
            var pairs: [(String, SpecNode)]
            if source.oneIn(2) {
                path += "/{\(parameter)}"
                let type = source.pick(["string", "integer"])
                pairs = [("in", .string("path")), ("type", .string(type))]
                given.append((parameter, type))
            } else {
                let type = source.pick(["string?", "integer?", "boolean?", "string"])
                pairs = [("in", .string(mistake() ? "body" : "query")), ("type", .string(type))]
                // A query parameter with a rule is optional and left out of examples.
                if type == "string?", source.oneIn(2), let rule = source.pickIfAny(stringRules) {
                    pairs.append(("rule", .string(rule)))
                } else {
                    given.append((parameter, type))
                }
            }
            parameters.append((parameter, .mapping(pairs)))
        }
        if mistake() { path += "/{orphan}" }
        var pairs: [(String, SpecNode)] = [
            ("doc", .string("An operation.")), ("method", .string(method)), ("path", .string(path)),
            ("parameters", .mapping(parameters)),
        ]
        let body = method != "GET" && source.oneIn(2) ? source.pickIfAny(modelNames) : nil
        if let body { pairs.append(("body", .string(body))) }
        let response = source.oneIn(3) ? nil : source.pickIfAny(modelNames)
        if let response { pairs.append(("response", .string(response))) }
        var status = response == nil ? 204 : 200
        if response != nil, method == "POST", source.oneIn(2) {
            status = 201
            pairs.append(("status", .integer(status)))
        }
        let listed = errors.filter { _ in source.oneIn(2) }
        pairs.append(("errors", .list(listed.map { .string($0.0) })))
        if source.oneIn(3), let timeout = source.pickIfAny(durationConstants) {
            pairs.append(("timeout", .string(timeout)))
        }
        var examples: [SpecNode] = []
        var names: [String] = []
        for _ in 0..<source.below(4) {
            let example = self.name(["a", "b", "every note", "by tag"], bad: [""], taken: names)
            names.append(example)
            var keys: [(String, SpecNode)] = [("name", .string(example))]
            let values = given.filter { !$0.1.hasSuffix("?") || source.oneIn(2) }
            keys.append(("parameters", .mapping(values.map { ($0.0, value(of: $0.1)) })))
            if let body { keys.append(("body", value(of: body))) }
            if let error = source.pickIfAny(listed), source.oneIn(2) {
                keys.append(("status", .integer(error.1)))
                keys.append(("error", .string(mistake() ? "UNDECLARED" : error.0)))
            } else {
                keys.append(("status", .integer(mistake() ? 299 : status)))
            }
            examples.append(.mapping(keys))
        }
        pairs.append(("examples", .list(examples)))
        return (name, .mapping(pairs))
    }
}
