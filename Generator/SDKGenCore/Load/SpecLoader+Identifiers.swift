extension SpecLoader {
    mutating func loadIdentifiers(_ node: YAMLNode) -> [IdentifierSpec] {
        NamedEntries.read(node, context: "'identifiers'", log: &log).compactMap { entry in
            let context = "identifier '\(entry.key.text)'"
            guard
                let reader = MappingReader(
                    entry.value, context: context,
                    keys: ["doc", "prefix", "alsoRecognizedPrefixes", "body", "input", "examples"], log: &log),
                let prefixNode = reader.required("prefix", log: &log),
                let prefix = ScalarReading.string(prefixNode, "the prefix of \(context)", log: &log),
                let bodyNode = reader.required("body", log: &log),
                let bodyName = ScalarReading.string(bodyNode, "the body of \(context)", log: &log)
            else { return nil }
            if prefix.isEmpty { log.error("the prefix of \(context) is empty", at: prefixNode.location) }
            let body: IdentifierSpec.Body
            switch bodyName {
            case "uuid": body = .uuid
            case "uuidHex32": body = .uuidHex32
            case "sha256Hex32":
                guard
                    let input = ScalarReading.string(
                        reader.required("input", log: &log), "the input of \(context)", log: &log)
                else { return nil }
                body = .sha256Hex32(input: input)
            default:
                let bodies = ["uuid", "uuidHex32", "sha256Hex32"]
                log.error(
                    "the body of \(context) must be uuid, uuidHex32 or sha256Hex32, not '\(bodyName)'\(Suggestion.hint(for: bodyName, among: bodies))",
                    at: bodyNode.location)
                return nil
            }
            if case .sha256Hex32 = body {
            } else if reader["input"] != nil {
                log.error("only sha256Hex32 identifiers take an 'input'", at: reader.keyLocation("input"))
            }
            var recognized: [String] = []
            for other in ScalarReading.strings(reader["alsoRecognizedPrefixes"], "'alsoRecognizedPrefixes'", log: &log)
            {
                if other.text.isEmpty {
                    log.error(
                        "an also recognized prefix of \(context) is empty, which every value would start with",
                        at: other.location)
                } else if other.text.hasSameScalars(as: prefix) {
                    log.error(
                        "'\(other.text)' is already the prefix of \(context); list only other prefixes",
                        at: other.location)
                } else if recognized.contains(where: { $0.hasSameScalars(as: other.text) }) {
                    log.error("the prefix '\(other.text)' of \(context) is listed twice", at: other.location)
                } else {
                    recognized.append(other.text)
                }
            }
            var spec = IdentifierSpec(
                name: entry.key.text, location: entry.key.location, doc: doc(reader), prefix: prefix,
                alsoRecognizedPrefixes: recognized,
                body: body, validExamples: [], invalidExamples: [], derivations: [])
            if let examples = reader["examples"],
                let examplesReader = MappingReader(
                    examples, context: "the examples of \(context)", keys: ["valid", "invalid", "derived"], log: &log)
            {
                spec.validExamples = ScalarReading.strings(examplesReader["valid"], "valid examples", log: &log)
                spec.invalidExamples = ScalarReading.strings(examplesReader["invalid"], "invalid examples", log: &log)
                if let derived = examplesReader["derived"] {
                    spec.derivations = loadDerivations(derived, context: context, body: body)
                }
            }
            return spec
        }
    }

    mutating func loadDerivations(_ node: YAMLNode, context: String, body: IdentifierSpec.Body) -> [IdentifierSpec
        .Derivation]
    {
        guard case .sha256Hex32 = body else {
            log.error("only sha256Hex32 identifiers have derived examples", at: node.location)
            return []
        }
        guard case .sequence(let items, _) = node else {
            log.error("derived examples must be a list of {input, output}", at: node.location)
            return []
        }
        return items.compactMap { item in
            guard
                let reader = MappingReader(
                    item, context: "a derived example of \(context)", keys: ["input", "output"], log: &log),
                let input = ScalarReading.string(reader.required("input", log: &log), "the input", log: &log),
                let output = ScalarReading.string(reader.required("output", log: &log), "the output", log: &log)
            else { return nil }
            return IdentifierSpec.Derivation(input: input, output: output, location: item.location)
        }
    }
}
