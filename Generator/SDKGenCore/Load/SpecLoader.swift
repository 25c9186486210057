/// Turns a YAML node tree into a typed `Spec`, reporting every problem it finds (all of them,
/// in one run) with the line and column where it is.
public struct SpecLoader {
    /// The file the tree came from.
    let file: String
    /// The text of the file, to find where a character inside a value is written.
    let source: String
    /// Every problem found so far.
    var log: DiagnosticLog

    /// A loader for `file`, whose text is `source`, appending to `log`.
    init(file: String, source: String, log: DiagnosticLog) {
        self.file = file
        self.source = source
        self.log = log
    }

    /// The location of the Unicode scalar at `offset` inside the value of the scalar `node`,
    /// past the escapes of a quoted value; `nil` when the line the value starts on does not
    /// show that scalar (a block scalar, or a value that goes on to more lines).
    func location(ofOffset offset: Int, inside node: YAMLNode) -> SourceLocation? {
        guard case .scalar(let value, let quoted, var location) = node,
            let line = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .dropFirst(location.line - 1).first,
            let column = QuotedScalarColumns.column(
                ofOffset: offset, in: value, quoted: quoted, startingAt: location.column, line: line)
        else { return nil }
        location.column = column
        return location
    }

    /// Reads and loads `text`; returns the spec only when no error was found.
    public static func load(text: String, file: String, log: inout DiagnosticLog) -> Spec? {
        guard let root = YAMLReader.read(text, file: file, log: &log) else {
            if !log.hasErrors {
                log.error("the spec file is empty", at: SourceLocation(file: file, line: 1, column: 1))
            }
            return nil
        }
        var loader = SpecLoader(file: file, source: text, log: log)
        let spec = loader.load(root)
        if let spec { SpecChecker.check(spec, log: &loader.log) }
        log = loader.log
        return log.hasErrors ? nil : spec
    }

    /// The top-level keys of a spec file.
    static let topLevelKeys = [
        "sdkgen", "api", "constants", "rules", "identifiers", "enums", "models", "errors", "headers", "operations",
    ]

    mutating func load(_ root: YAMLNode) -> Spec? {
        guard let top = MappingReader(root, context: "the spec", keys: Self.topLevelKeys, log: &log) else {
            return nil
        }
        if let version = top.required("sdkgen", log: &log),
            let number = ScalarReading.integer(version, "'sdkgen' (the spec language version)", log: &log),
            number != 1
        {
            log.error("this generator reads spec language version 1, not \(number)", at: version.location)
        }
        var name = "", title = "", version = "", doc = ""
        var emulator: String?
        var nameLocation: SourceLocation?
        if let apiNode = top.required("api", log: &log),
            let api = MappingReader(
                apiNode, context: "'api'", keys: ["name", "title", "version", "doc", "emulator"], log: &log)
        {
            if let node = api.required("name", log: &log),
                let text = ScalarReading.string(node, "the API name", log: &log)
            {
                if SwiftNaming.isTypeIdentifier(text) {
                    name = text
                    nameLocation = node.location
                } else {
                    log.error(
                        "the API name '\(text)' must be a word starting with an upper-case letter, such as 'Voidhash'",
                        at: node.location)
                }
            }
            title = ScalarReading.string(api["title"], "the API title", log: &log) ?? name
            let versionNode = api.required("version", log: &log)
            if let versionNode, let text = ScalarReading.string(versionNode, "the API version", log: &log) {
                version = text
                if text.allSatisfy(\.isWhitespace) {
                    log.error("the API version cannot be blank; write one such as 1.0.0", at: versionNode.location)
                }
            }
            doc = ScalarReading.string(api["doc"], "the API doc", log: &log) ?? ""
            if let node = api["emulator"], let text = ScalarReading.string(node, "the emulator", log: &log) {
                if SwiftNaming.isTypeIdentifier(text) {
                    emulator = text
                    EmulatorCatalog.check(text, at: node.location, log: &log)
                } else {
                    log.error(
                        "the emulator '\(text)' must be a type name in SDKEmulator, such as 'VoidhashEmulator'",
                        at: node.location)
                }
            }
        }
        let constants = top["constants"].map { loadConstants($0) } ?? []
        var rules = top["rules"].map { loadRules($0) } ?? []
        let identifiers = top["identifiers"].map { loadIdentifiers($0) } ?? []
        let enums = top["enums"].map { loadEnums($0) } ?? []
        let models = top["models"].map { loadModels($0) } ?? []
        rules += models.flatMap(\.inlineRules)
        let errors = top["errors"].map { loadErrors($0) } ?? []
        let headers = top["headers"].flatMap { loadHeaders($0) }
        let operations = top["operations"].map { loadOperations($0) } ?? []
        return Spec(
            file: file, name: name, title: title, version: version, doc: doc, emulator: emulator, constants: constants,
            rules: rules,
            identifiers: identifiers, enums: enums, models: models, errors: errors, headers: headers,
            operations: operations, nameLocation: nameLocation)
    }

    /// The JSON value an example writes in `node` (see `ScalarReading.json(_:)`); a key written
    /// twice in one of its objects is an error, as everywhere else in a spec.
    mutating func json(_ node: YAMLNode) -> JSONLiteral {
        reportDuplicateKeys(in: node)
        return ScalarReading.json(node)
    }

    private mutating func reportDuplicateKeys(in node: YAMLNode) {
        switch node {
        case .scalar:
            return
        case .sequence(let items, _):
            for item in items { reportDuplicateKeys(in: item) }
        case .mapping(let pairs, _):
            var seen: [String: SourceLocation] = [:]
            for pair in pairs {
                if let earlier = seen[pair.key.text] {
                    log.error(
                        "duplicate key '\(pair.key.text)' in a value (first written at line \(earlier.line))",
                        at: pair.key.location)
                } else {
                    seen[pair.key.text] = pair.key.location
                }
                reportDuplicateKeys(in: pair.value)
            }
        }
    }

    mutating func doc(_ reader: MappingReader) -> String {
        ScalarReading.string(reader["doc"], "'doc'", log: &log) ?? ""
    }

    // MARK: constants

    mutating func loadConstants(_ node: YAMLNode) -> [ConstantSpec] {
        NamedEntries.read(node, context: "'constants'", log: &log).compactMap { entry in
            let context = "constant '\(entry.key.text)'"
            guard
                let reader = MappingReader(
                    entry.value, context: context, keys: ["doc", "duration", "integer", "string"], log: &log)
            else { return nil }
            let kinds = ["duration", "integer", "string"].filter { reader[$0] != nil }
            guard kinds.count == 1 else {
                log.error("\(context) needs exactly one of 'duration', 'integer' or 'string'", at: entry.key.location)
                return nil
            }
            let value: ConstantSpec.Value?
            switch kinds[0] {
            case "duration":
                value = ScalarReading.durationMilliseconds(reader["duration"], "the duration of \(context)", log: &log)
                    .map { .durationMilliseconds($0) }
            case "integer":
                value = ScalarReading.integer(reader["integer"], "the value of \(context)", log: &log).map {
                    .integer($0)
                }
            default:
                value = ScalarReading.string(reader["string"], "the value of \(context)", log: &log).map { .string($0) }
            }
            guard let value else { return nil }
            return ConstantSpec(name: entry.key.text, location: entry.key.location, doc: doc(reader), value: value)
        }
    }

    // MARK: enums

    mutating func loadEnums(_ node: YAMLNode) -> [EnumSpec] {
        NamedEntries.read(node, context: "'enums'", log: &log).compactMap { entry in
            let context = "enum '\(entry.key.text)'"
            guard let reader = MappingReader(entry.value, context: context, keys: ["doc", "values"], log: &log),
                let valuesNode = reader.required("values", log: &log)
            else { return nil }
            guard case .sequence(let items, _) = valuesNode else {
                log.error("the values of \(context) must be a list", at: valuesNode.location)
                return nil
            }
            var seen: Set<String> = []
            var cases: [EnumSpec.Case] = []
            for item in items {
                var value: String?
                var valueNode: YAMLNode?
                var caseDoc = ""
                var caseName: String?
                if case .mapping = item {
                    if let caseReader = MappingReader(
                        item, context: "a value of \(context)", keys: ["value", "name", "doc"], log: &log)
                    {
                        valueNode = caseReader.required("value", log: &log)
                        value = ScalarReading.string(valueNode, "the value", log: &log)
                        caseName = ScalarReading.string(caseReader["name"], "the name of a value", log: &log)
                        if caseName?.isEmpty == true {
                            log.error("a value of \(context) has an empty name", at: item.location)
                            caseName = nil
                        }
                        caseDoc = doc(caseReader)
                    }
                } else {
                    valueNode = item
                    value = ScalarReading.string(item, "a value of \(context)", log: &log)
                }
                guard let value else { continue }
                if value.isEmpty {
                    log.error("\(context) has an empty value", at: item.location)
                } else if let written = valueNode, case .scalar(_, false, _) = written,
                    ScalarReading.json(written) == .null
                {
                    // An example writing the value plain would mean null, as YAML tools read it.
                    log.error(
                        "\(context) has the value '\(value)', which YAML reads as null; quote it if it is a value",
                        at: item.location)
                } else if !seen.insert(value).inserted {
                    log.error("duplicate value '\(value)' in \(context)", at: item.location)
                } else {
                    cases.append(EnumSpec.Case(value: value, name: caseName, doc: caseDoc, location: item.location))
                }
            }
            if cases.isEmpty, items.isEmpty {
                log.error("\(context) needs at least one value", at: valuesNode.location)
            }
            return EnumSpec(name: entry.key.text, location: entry.key.location, doc: doc(reader), cases: cases)
        }
    }

    // MARK: models

    /// The models, loaded on every processor (each with a log of its own, merged in spec order):
    /// they are most of a large spec.
    mutating func loadModels(_ node: YAMLNode) -> [ModelSpec] {
        let entries = NamedEntries.read(node, context: "'models'", log: &log).map {
            ModelEntry(key: $0.key, value: $0.value)
        }
        let file = self.file
        let source = self.source
        let loaded = entries.parallelMap { entry in
            var loader = SpecLoader(file: file, source: source, log: DiagnosticLog())
            let model = loader.loadModel(entry.key, entry.value)
            return (model: model, log: loader.log)
        }
        for part in loaded { log.append(part.log) }
        return loaded.compactMap(\.model)
    }

    /// One entry of `models`.
    struct ModelEntry: Sendable {
        var key: YAMLScalarKey
        var value: YAMLNode
    }

    /// The model written under `key`, or `nil` (logged) when it is broken.
    mutating func loadModel(_ key: YAMLScalarKey, _ value: YAMLNode) -> ModelSpec? {
        let context = "model '\(key.text)'"
        guard let reader = MappingReader(value, context: context, keys: ["doc", "properties", "examples"], log: &log)
        else { return nil }
        var properties: [ModelSpec.Property] = []
        var inlineRules: [RuleSpec] = []
        if let propertiesNode = reader.required("properties", log: &log) {
            for property in NamedEntries.read(propertiesNode, context: "the properties of \(context)", log: &log) {
                if let loaded = loadProperty(property.key, property.value, model: key.text, inlineRules: &inlineRules) {
                    properties.append(loaded)
                }
            }
        }
        var examples: [LocatedJSON] = []
        if let examplesNode = reader["examples"] {
            if case .sequence(let items, _) = examplesNode {
                examples = items.map { LocatedJSON(value: json($0), location: $0.location) }
            } else {
                log.error("the examples of \(context) must be a list of JSON objects", at: examplesNode.location)
            }
        }
        return ModelSpec(
            name: key.text, location: key.location, doc: doc(reader), properties: properties,
            examples: examples, inlineRules: inlineRules)
    }

    mutating func loadProperty(
        _ key: YAMLScalarKey, _ node: YAMLNode, model: String, inlineRules: inout [RuleSpec]
    ) -> ModelSpec.Property? {
        let context = "property '\(key.text)' of model '\(model)'"
        var typeNode: YAMLNode? = node
        var propertyDoc = ""
        var wireName = key.text
        var rule: String?
        if case .mapping = node {
            guard
                let reader = MappingReader(
                    node, context: context, keys: Self.propertyKeys, log: &log)
            else {
                return nil
            }
            rule = loadPropertyRule(reader, key: key, model: model, context: context, inlineRules: &inlineRules)
            typeNode = reader.required("type", log: &log)
            propertyDoc = doc(reader)
            if let wire = reader["wireName"],
                let text = ScalarReading.string(wire, "the wire name of \(context)", log: &log)
            {
                if text.isEmpty {
                    log.error("the wire name of \(context) is empty", at: wire.location)
                } else {
                    wireName = text
                }
            }
        }
        guard let type = typeReference(typeNode, context: context) else { return nil }
        return ModelSpec.Property(
            name: key.text, wireName: wireName, type: type, doc: propertyDoc, location: key.location, rule: rule)
    }

    /// Parses a type string, logging a located error when it is malformed.
    mutating func typeReference(_ node: YAMLNode?, context: String) -> TypeReference? {
        guard let node, let text = ScalarReading.string(node, "the type of \(context)", log: &log) else { return nil }
        switch TypeReferenceParser.parse(text) {
        case .success(let type): return type
        case .failure(let error):
            log.error("\(error.message) (the type of \(context))", at: node.location)
            return nil
        }
    }

    // MARK: errors

    mutating func loadErrors(_ node: YAMLNode) -> [ErrorCodeSpec] {
        NamedEntries.read(node, context: "'errors'", log: &log).compactMap { entry in
            let context = "error '\(entry.key.text)'"
            guard
                let reader = MappingReader(
                    entry.value, context: context, keys: ["status", "category", "doc"], log: &log)
            else { return nil }
            if !entry.key.text.allSatisfy({ ($0.isASCII && $0.isUppercase) || $0 == "_" || ($0.isASCII && $0.isNumber) }
            ) {
                log.error(
                    "error codes are written in upper case with underscores, such as INVALID_ARGUMENT",
                    at: entry.key.location)
            }
            let status = ScalarReading.integer(
                reader.required("status", log: &log), "the status of \(context)", in: 400...599, log: &log)
            let category = ScalarReading.choice(
                reader.required("category", log: &log), "the category of \(context)", as: ErrorCodeSpec.Category.self,
                log: &log)
            guard let status, let category else { return nil }
            return ErrorCodeSpec(
                code: entry.key.text, status: status, category: category, doc: doc(reader), location: entry.key.location
            )
        }
    }
}
