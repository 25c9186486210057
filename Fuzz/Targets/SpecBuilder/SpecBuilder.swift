/// Builds the text of a spec from the fuzzer's bytes: every section of the language, names and
/// values from `Vocabulary`, types that refer to the spec's own models and enums, and examples
/// made to fit their types (now and then not), so that the whole pipeline is reached with specs
/// no mutation of a real spec's text would find.
struct SpecBuilder {
    private var source: ByteSource
    private var modelNames: [String] = []
    private var enumNames: [String] = []
    private var ruleNames: [String] = []
    private var constantNames: [String] = []
    private var errorNames: [String] = []
    /// Each model's members and their types, for building examples that fit.
    private var members: [String: [(String, String)]] = [:]

    init(bytes: [UInt8]) {
        source = ByteSource(bytes)
    }

    /// The spec's text.
    mutating func text() -> String {
        // Now and then a section goes, or a key no spec has appears.
        let dropped = source.oneIn(16) ? source.pick(["sdkgen", "api", "rules", "models", "operations"]) : ""
        var top: [(String, SpecNode)] = []
        top.append(("sdkgen", .integer(source.oneIn(32) ? 2 : 1)))
        top.append(("api", api()))
        top.append(("constants", entries(upTo: 3) { $0.constant() }))
        top.append(("rules", entries(upTo: 4) { $0.rule() }))
        top.append(("identifiers", entries(upTo: 2) { $0.identifier() }))
        top.append(("enums", entries(upTo: 3) { $0.enumeration() }))
        // Names first, so that models may refer to each other in any order.
        modelNames = source.some(upTo: 5) { $0.pick(Vocabulary.typeNames) }
        var models: [(String, SpecNode)] = []
        for name in modelNames { models.append(model(name)) }
        top.append(("models", .mapping(models)))
        top.append(("errors", entries(upTo: 3) { $0.error() }))
        top.append(("operations", entries(upTo: 4) { $0.operation() }))
        if source.oneIn(16) { top.append((source.pick(["model", "Rules", "extra"]), .mapping([]))) }
        let document = SpecNode.mapping(top.filter { $0.0 != dropped })
        return document.text + "\n"
    }

    /// A mapping of up to `limit` entries made by `make`.
    private mutating func entries(upTo limit: Int, _ make: (inout SpecBuilder) -> (String, SpecNode)) -> SpecNode {
        var pairs: [(String, SpecNode)] = []
        for _ in 0..<source.below(limit + 1) { pairs.append(make(&self)) }
        return .mapping(pairs)
    }

    private mutating func api() -> SpecNode {
        var pairs: [(String, SpecNode)] = [
            ("name", .string(source.oneIn(8) ? source.pick(Vocabulary.typeNames) : "Demo")),
            ("version", .string(source.pick(["1.0.0", "2", ""]))),
        ]
        if source.oneIn(2) { pairs.append(("doc", .string(source.pick(Vocabulary.strings)))) }
        if source.oneIn(8) {
            pairs.append(
                ("emulator", .string(source.pick(["VoidhashEmulator", "MobileJoeEmulator", "NoSuchEmulator"]))))
        }
        return .mapping(pairs)
    }

    private mutating func constant() -> (String, SpecNode) {
        let name = source.pick(Vocabulary.memberNames + ["requestTimeout", "maxLength"])
        constantNames.append(name)
        let value: (String, SpecNode) =
            switch source.below(4) {
            case 0: ("duration", .string(source.pick(Vocabulary.durations)))
            case 1: ("integer", .integer(source.pick(Vocabulary.numbers)))
            case 2: ("string", .string(source.pick(Vocabulary.strings)))
            default: ("number", .number(1.5))
            }
        return (name, .mapping([value, ("doc", .string("A constant."))]))
    }

    private mutating func pattern() -> String {
        if source.oneIn(2) { return source.pick(Vocabulary.patterns) }
        return String((0..<source.below(16)).map { _ in source.pick(Vocabulary.patternAlphabet) })
    }

    private mutating func length() -> SpecNode {
        var pairs: [(String, SpecNode)] = []
        if source.oneIn(2) { pairs.append(("min", .integer(source.pick(Vocabulary.numbers)))) }
        if !source.oneIn(4) { pairs.append(("max", .integer(source.pick(Vocabulary.numbers)))) }
        if !source.oneIn(8) { pairs.append(("unit", .string(source.pick(Vocabulary.units)))) }
        return .mapping(pairs)
    }

    /// The keys of a string rule, as a `rules` entry or inline on a member.
    private mutating func stringRuleKeys() -> [(String, SpecNode)] {
        var pairs: [(String, SpecNode)] = []
        if source.oneIn(3) { pairs.append(("nonWhitespace", .boolean(!source.oneIn(8)))) }
        if source.oneIn(2) { pairs.append(("length", length())) }
        if source.oneIn(4) {
            pairs.append(
                ("forbiddenCharacters", .list(source.some(upTo: 2) { .string($0.pick(["\0", "\n", "a", ""])) })))
        }
        if source.oneIn(4) {
            pairs.append(
                ("forbiddenPrefixes", .list(source.some(upTo: 2) { .string($0.pick(["vh_anon_", "$", ""])) })))
        }
        if source.oneIn(2) { pairs.append(("pattern", .string(pattern()))) }
        return pairs
    }

    private mutating func ruleExamples() -> SpecNode {
        let valid = source.some(upTo: 3) { SpecNode.string($0.pick(Vocabulary.strings)) }
        let invalid = source.some(upTo: 3) { source in
            SpecNode.mapping([
                ("value", .string(source.pick(Vocabulary.strings))),
                ("reason", .string(source.pick(Vocabulary.reasons))),
            ])
        }
        return .mapping([("valid", .list(valid)), ("invalid", .list(invalid))])
    }

    private mutating func rule() -> (String, SpecNode) {
        let name = source.pick(Vocabulary.memberNames + ["noteId", "tagName", "groupType"])
        ruleNames.append(name)
        var pairs: [(String, SpecNode)] = [("doc", .string("A rule."))]
        switch source.below(4) {
        case 0, 1:
            pairs.append(("kind", .string("string")))
            pairs += stringRuleKeys()
        case 2:
            pairs.append(("kind", .string("value")))
            let kinds = ["string", "number", "boolean", "null", "object"]
            pairs.append(("allowedKinds", .list(source.some(upTo: 3) { .string($0.pick(kinds)) })))
            if source.oneIn(2) { pairs.append(("nonFiniteNumbers", .string(source.pick(["null", "reject", "keep"])))) }
        default:
            pairs.append(("kind", .string(source.oneIn(8) ? "list" : "map")))
            if let key = source.pickIfAny(ruleNames) { pairs.append(("keyRule", .string(key))) }
            if let value = source.pickIfAny(ruleNames) { pairs.append(("valueRule", .string(value))) }
            pairs.append(("maxCount", .integer(source.pick(Vocabulary.numbers))))
        }
        if !source.oneIn(4) { pairs.append(("examples", ruleExamples())) }
        return (name, .mapping(pairs))
    }

    private mutating func identifier() -> (String, SpecNode) {
        let name = source.pick(["anonymousId", "externalId", "deviceId", "class", ""])
        var pairs: [(String, SpecNode)] = [
            ("prefix", .string(source.pick(["vh_anon_", "$MBJExternalID:", "", "\""]))),
            ("body", .string(source.pick(Vocabulary.identifierBodies))),
        ]
        if source.oneIn(2) { pairs.append(("input", .string(source.pick(["appUserId", "value"])))) }
        if source.oneIn(3) {
            pairs.append(
                (
                    "examples",
                    .mapping([("valid", .list(source.some(upTo: 2) { .string($0.pick(Vocabulary.strings)) }))])
                ))
        }
        return (name, .mapping(pairs))
    }

    private mutating func enumeration() -> (String, SpecNode) {
        let name = source.pick(Vocabulary.typeNames)
        enumNames.append(name)
        let values = source.some(upTo: 4) { source in
            let value = source.pick(Vocabulary.memberNames + ["draft", "active", "draft"])
            return source.oneIn(2)
                ? SpecNode.string(value) : .mapping([("value", .string(value)), ("doc", .string("A value."))])
        }
        return (name, .mapping([("doc", .string("An enum.")), ("values", .list(values))]))
    }

    /// A type: a base type or one of the spec's types, maybe in a list or map, maybe optional.
    private mutating func typeReference(depth: Int = 0) -> String {
        var type: String
        switch source.below(5) {
        case 0 where !modelNames.isEmpty: type = source.pick(modelNames)
        case 1 where !enumNames.isEmpty: type = source.pick(enumNames)
        case 2 where depth < 2: type = "[" + typeReference(depth: depth + 1) + "]"
        case 3 where depth < 2: type = "[string: " + typeReference(depth: depth + 1) + "]"
        default: type = source.oneIn(16) ? source.pick(Vocabulary.typeNames) : source.pick(Vocabulary.baseTypes)
        }
        if source.oneIn(3) && !type.hasSuffix("?") { type += "?" }
        return type
    }

    /// A value of `type`, made to fit it (one time in sixteen, a value of another kind).
    private mutating func value(of type: String, depth: Int = 0) -> SpecNode {
        if source.oneIn(16) || depth > 4 {
            return source.pick([.integer(7), .string("x"), .null, .list([]), .mapping([])])
        }
        if type.hasSuffix("?") { return source.oneIn(4) ? .null : value(of: String(type.dropLast()), depth: depth) }
        if type.hasPrefix("[string: "), type.hasSuffix("]") {
            let element = String(type.dropFirst(9).dropLast())
            return .mapping(
                source.some(upTo: 2) { _ in () }.map {
                    (source.pick(Vocabulary.memberNames), value(of: element, depth: depth + 1))
                })
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            let element = String(type.dropFirst().dropLast())
            return .list(source.some(upTo: 3) { _ in () }.map { value(of: element, depth: depth + 1) })
        }
        switch type {
        case "string": return .string(source.pick(Vocabulary.strings))
        case "integer": return .integer(source.pick(Vocabulary.numbers))
        case "number": return .number(source.pick([0.5, -1, 1e300, 3]))
        case "boolean": return .boolean(source.oneIn(2))
        case "date": return .string(source.pick(["2026-11-29T10:00:00Z", "2026-11-30T08:30:00.250Z", "yesterday"]))
        case "json": return source.pick([.null, .integer(1), .string("x"), .list([.boolean(true)])])
        default:
            if let members = members[type] {
                return .mapping(
                    members.compactMap { name, type in
                        type.hasSuffix("?") && source.oneIn(2) ? nil : (name, value(of: type, depth: depth + 1))
                    })
            }
            if enumNames.contains(type) { return .string(source.pick(["draft", "active", "unknown-value"])) }
            return .mapping([])
        }
    }

    private mutating func model(_ name: String) -> (String, SpecNode) {
        var properties: [(String, SpecNode)] = []
        var typed: [(String, String)] = []
        for _ in 0..<source.below(5) {
            let member = source.pick(Vocabulary.memberNames)
            let type = typeReference()
            typed.append((member, type))
            var pairs: [(String, SpecNode)] = [("type", .string(type))]
            switch source.below(6) {
            case 0 where !ruleNames.isEmpty: pairs.append(("rule", .string(source.pick(ruleNames))))
            case 1: pairs += stringRuleKeys().filter { $0.0 == "pattern" || $0.0 == "length" }
            case 2: pairs.append(("wireName", .string(source.pick(Vocabulary.memberNames))))
            default: break
            }
            if source.oneIn(2) { pairs.append(("doc", .string(source.pick(Vocabulary.strings)))) }
            properties.append((member, source.oneIn(6) ? .string(type) : .mapping(pairs)))
        }
        members[name] = typed
        let examples = source.some(upTo: 2) { _ in () }.map { value(of: name) }
        return (
            name,
            .mapping([
                ("doc", .string("A model.")), ("properties", .mapping(properties)), ("examples", .list(examples)),
            ])
        )
    }

    private mutating func error() -> (String, SpecNode) {
        let name = source.pick(Vocabulary.errorCodes)
        errorNames.append(name)
        return (
            name,
            .mapping([
                ("status", .integer(source.pick(Vocabulary.statuses))),
                ("category", .string(source.pick(Vocabulary.categories))), ("doc", .string("An error.")),
            ])
        )
    }

    private mutating func operation() -> (String, SpecNode) {
        let name = source.pick(["listNotes", "getNote", "createNote", "class", "init", "deleteNote", ""])
        let method = source.pick(Vocabulary.methods)
        var parameters: [(String, SpecNode)] = []
        var path = "/v1/" + source.pick(["notes", "a b", "%", "people"])
        var parameterTypes: [(String, String)] = []
        for _ in 0..<source.below(3) {
            let parameter = source.pick(["noteId", "tag", "limit", "self", "id"])
            let place = source.pick(["path", "query", "header", "body"])
            if place == "path" { path += "/{\(parameter)}" }
            let type = source.pick(["string", "string?", "integer?", "boolean", "[string]", "date"])
            parameterTypes.append((parameter, type))
            var pairs: [(String, SpecNode)] = [("in", .string(place)), ("type", .string(type))]
            if source.oneIn(3), !ruleNames.isEmpty { pairs.append(("rule", .string(source.pick(ruleNames)))) }
            parameters.append((parameter, .mapping(pairs)))
        }
        if source.oneIn(8) { path += "/{orphan}" }
        var pairs: [(String, SpecNode)] = [
            ("doc", .string("An operation.")), ("method", .string(method)), ("path", .string(path)),
            ("parameters", .mapping(parameters)),
        ]
        let body = method != "GET" && !modelNames.isEmpty && source.oneIn(2) ? source.pick(modelNames) : nil
        if let body { pairs.append(("body", .string(body))) }
        if !modelNames.isEmpty, source.oneIn(2) { pairs.append(("response", .string(source.pick(modelNames)))) }
        if source.oneIn(3) { pairs.append(("status", .integer(source.pick(Vocabulary.statuses)))) }
        let errors = source.some(upTo: 2) { _ in () }.compactMap { source.pickIfAny(errorNames) }
        pairs.append(("errors", .list(errors.map { .string($0) })))
        if source.oneIn(4), let timeout = source.pickIfAny(constantNames) {
            pairs.append(("timeout", .string(timeout)))
        }
        let examples = source.some(upTo: 3) { _ in () }.map { _ -> SpecNode in
            var example: [(String, SpecNode)] = [("name", .string(source.pick(["a", "b", "a", ""])))]
            let given = parameterTypes.filter { _ in !source.oneIn(4) }
            example.append(("parameters", .mapping(given.map { ($0.0, value(of: $0.1)) })))
            if let body { example.append(("body", value(of: body))) }
            if let error = source.pickIfAny(errorNames), source.oneIn(2) {
                example.append(("status", .integer(source.pick(Vocabulary.statuses))))
                example.append(("error", .string(error)))
            } else {
                example.append(("status", .integer(source.pick([200, 201, 204]))))
            }
            return .mapping(example)
        }
        pairs.append(("examples", .list(examples)))
        return (name, .mapping(pairs))
    }
}
