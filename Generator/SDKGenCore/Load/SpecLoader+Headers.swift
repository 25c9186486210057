extension SpecLoader {
    mutating func loadHeaders(_ node: YAMLNode) -> HeaderContractSpec? {
        guard let reader = MappingReader(node, context: "'headers'", keys: ["inputs", "fields", "examples"], log: &log)
        else {
            return nil
        }
        var contract = HeaderContractSpec(location: node.location, inputs: [], fields: [], examples: [])
        if let inputs = reader.required("inputs", log: &log) {
            for entry in NamedEntries.read(inputs, context: "the header inputs", log: &log) {
                let context = "header input '\(entry.key.text)'"
                guard let input = MappingReader(entry.value, context: context, keys: ["type", "doc"], log: &log),
                    let kind = ScalarReading.choice(
                        input.required("type", log: &log), "the type of \(context)",
                        as: HeaderContractSpec.Input.Kind.self,
                        log: &log)
                else { continue }
                contract.inputs.append(
                    HeaderContractSpec.Input(
                        name: entry.key.text, kind: kind, doc: doc(input), location: entry.key.location))
            }
        }
        if let fields = reader.required("fields", log: &log) {
            guard case .sequence(let items, _) = fields else {
                log.error("header fields must be a list", at: fields.location)
                return contract
            }
            var seen: [String: Int] = [:]
            // Inputs named by a field, also one that is not loaded for a mistake of its own.
            var named: Set<String> = []
            for item in items {
                guard
                    let field = MappingReader(
                        item, context: "a header field",
                        keys: ["name", "from", "template", "maxItems", "separator", "doc"],
                        log: &log),
                    let name = ScalarReading.string(field.required("name", log: &log), "the header name", log: &log),
                    let input = ScalarReading.string(field.required("from", log: &log), "the header input", log: &log)
                else {
                    if case .mapping(let pairs, _) = item, let from = pairs.first(where: { $0.key.text == "from" }),
                        case .scalar(let text, _, _) = from.value
                    {
                        named.insert(text)
                    }
                    continue
                }
                named.insert(input)
                if let line = seen[name.lowercased()] {
                    log.error("header '\(name)' is declared twice (first at line \(line))", at: item.location)
                    continue
                }
                seen[name.lowercased()] = item.location.line
                if name.isEmpty || !name.unicodeScalars.allSatisfy(Self.isTokenCharacter) {
                    log.error("'\(name)' is not a valid HTTP header name", at: field.keyLocation("name"))
                }
                let template = ScalarReading.string(field["template"], "the template", log: &log) ?? "{value}"
                let placeholders = template.components(separatedBy: "{value}").count - 1
                if placeholders == 0 {
                    log.error(
                        "the template of header '\(name)' must contain {value}", at: field.keyLocation("template"))
                } else if placeholders > 1 {
                    log.error(
                        "the template of header '\(name)' contains {value} \(placeholders) times; it takes one value",
                        at: field.keyLocation("template"))
                }
                if field["separator"] != nil,
                    let source = contract.inputs.first(where: { $0.name == input }), source.kind != .stringList
                {
                    log.error(
                        "header '\(name)' has a 'separator' but its input '\(input)' is not a list",
                        at: field.keyLocation("separator"))
                }
                contract.fields.append(
                    HeaderContractSpec.Field(
                        name: name, input: input, template: template,
                        maxItems: ScalarReading.integer(field["maxItems"], "'maxItems'", in: 1...100, log: &log),
                        separator: ScalarReading.string(field["separator"], "'separator'", log: &log) ?? ", ",
                        doc: doc(field), location: item.location))
            }
            for input in contract.inputs where !named.contains(input.name) {
                log.error(
                    "header input '\(input.name)' is used by no header field; remove it or send it", at: input.location)
            }
        }
        if let examples = reader["examples"] {
            guard case .sequence(let items, _) = examples else {
                log.error("header examples must be a list", at: examples.location)
                return contract
            }
            for item in items {
                guard
                    let example = MappingReader(
                        item, context: "a header example", keys: ["inputs", "expect", "absent"], log: &log)
                else { continue }
                let inputs = example.required("inputs", log: &log).map { json($0) }
                let expected = example.required("expect", log: &log).map { json($0) }
                guard case .object(let inputMembers)? = inputs, case .object(let expectedMembers)? = expected else {
                    if inputs != nil, expected != nil {
                        log.error("a header example's 'inputs' and 'expect' must be mappings", at: item.location)
                    }
                    continue
                }
                contract.examples.append(
                    HeaderContractSpec.Example(
                        inputs: inputMembers, expected: expectedMembers,
                        absent: ScalarReading.strings(example["absent"], "'absent'", log: &log).map(\.text),
                        location: item.location))
            }
        }
        return contract
    }

    /// Characters RFC 9110 allows in a header name.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }
}
