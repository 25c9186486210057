extension SpecLoader {
    /// The methods an operation may use.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    mutating func loadOperations(_ node: YAMLNode) -> [OperationSpec] {
        NamedEntries.read(node, context: "'operations'", log: &log).compactMap { entry in
            let context = "operation '\(entry.key.text)'"
            guard
                let reader = MappingReader(
                    entry.value, context: context,
                    keys: [
                        "doc", "method", "path", "parameters", "body", "response", "status", "errors", "timeout",
                        "examples",
                    ],
                    log: &log),
                let methodNode = reader.required("method", log: &log),
                let method = ScalarReading.string(methodNode, "the method of \(context)", log: &log),
                let pathNode = reader.required("path", log: &log),
                let path = ScalarReading.string(pathNode, "the path of \(context)", log: &log)
            else { return nil }
            if !Self.methods.contains(method) {
                log.error(
                    "the method of \(context) must be one of \(Self.methods.joined(separator: ", ")), not '\(method)'",
                    at: methodNode.location)
            }
            if !path.hasPrefix("/") { log.error("the path of \(context) must start with '/'", at: pathNode.location) }
            if path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) {
                log.error(
                    "the path of \(context) has a '.' or '..' segment, which URL handling would resolve away",
                    at: pathNode.location)
            }
            if path.contains("//") {
                log.error(
                    "the path of \(context) has an empty segment ('//'), which servers and proxies often merge away",
                    at: pathNode.location)
            }
            if let character = Self.unsendablePathCharacter(path) {
                log.error(
                    "the path of \(context) holds '\(character)', which a URL path does not carry as it is; "
                        + "outside {parameters} a path holds letters, digits and \(Self.pathPunctuation)",
                    at: pathNode.location)
            }
            var parameters: [OperationSpec.Parameter] = []
            if let parametersNode = reader["parameters"] {
                for parameter in NamedEntries.read(parametersNode, context: "the parameters of \(context)", log: &log) {
                    if let loaded = loadParameter(parameter.key, parameter.value, operation: context) {
                        parameters.append(loaded)
                    }
                }
            }
            checkPathParameters(path: path, at: pathNode.location, parameters: &parameters, context: context)
            let errors = ScalarReading.strings(reader["errors"], "the errors of \(context)", log: &log)
            var operation = OperationSpec(
                name: entry.key.text, location: entry.key.location, doc: doc(reader), method: method, path: path,
                parameters: parameters,
                requestBody: ScalarReading.string(reader["body"], "the body model of \(context)", log: &log),
                responseBody: ScalarReading.string(reader["response"], "the response model of \(context)", log: &log),
                successStatus: ScalarReading.integer(
                    reader["status"], "the success status of \(context)", in: 200...299, log: &log)
                    ?? (reader["response"] == nil ? 204 : 200),
                errors: errors.map(\.text),
                timeout: ScalarReading.string(reader["timeout"], "the timeout constant of \(context)", log: &log),
                sendsIdempotencyKey: method != "GET", examples: [],
                valueLocations: OperationSpec.ValueLocations(
                    body: reader["body"]?.location, response: reader["response"]?.location,
                    timeout: reader["timeout"]?.location, errors: errors.map(\.location)))
            if method == "GET", reader["body"] != nil {
                log.error("a GET operation cannot take a body", at: reader.keyLocation("body"))
            }
            if reader["response"] != nil, [204, 205].contains(operation.successStatus) {
                log.error(
                    "a \(operation.successStatus) response has no body, so \(context) cannot answer with its response "
                        + "model; use another status, or leave the response out",
                    at: reader.keyLocation("status"))
            }
            if let examples = reader["examples"] {
                operation.examples = loadOperationExamples(examples, context: context)
            }
            return operation
        }
    }

    /// The ASCII punctuation a path may hold outside its parameters, besides `/`: RFC 3986's
    /// unreserved characters and sub-delimiters, `:` and `@`, the characters a URL path carries
    /// without percent-encoding (`%` is not among them: the example server matches paths as
    /// written).
    static let pathPunctuation = "-._~!$&'()*+,;=:@"

    /// The first character of `path`, outside `{name}` parameters, that is neither an ASCII
    /// letter or digit, `/`, nor one of `pathPunctuation`: a space, `?`, `#`, `%`, non-ASCII text.
    static func unsendablePathCharacter(_ path: String) -> Character? {
        var inParameter = false
        for character in path {
            switch character {
            case "{": inParameter = true
            case "}": inParameter = false
            default:
                guard !inParameter else { continue }
                let allowed =
                    character.isASCII && (character.isLetter || character.isNumber) || character == "/"
                    || pathPunctuation.contains(character)
                if !allowed { return character }
            }
        }
        return nil
    }

    mutating func loadParameter(_ key: YAMLScalarKey, _ node: YAMLNode, operation: String) -> OperationSpec.Parameter? {
        let context = "parameter '\(key.text)' of \(operation)"
        guard let reader = MappingReader(node, context: context, keys: ["in", "type", "rule", "doc"], log: &log),
            let placementNode = reader.required("in", log: &log),
            let placementName = ScalarReading.string(placementNode, "where \(context) goes", log: &log),
            let type = typeReference(reader.required("type", log: &log), context: context)
        else { return nil }
        guard let placement = OperationSpec.Parameter.Placement(rawValue: placementName) else {
            log.error(
                "\(context) must be 'in: path' or 'in: query', not '\(placementName)'", at: placementNode.location)
            return nil
        }
        switch type.unwrapped {
        case .string, .integer, .boolean: break
        default:
            log.error("\(context) must be a string, integer or boolean", at: reader.keyLocation("type"))
        }
        if placement == .path, type.isOptional {
            log.error("path \(context) cannot be optional", at: reader.keyLocation("type"))
        }
        return OperationSpec.Parameter(
            name: key.text, placement: placement, type: type,
            rule: ScalarReading.string(reader["rule"], "the rule of \(context)", log: &log), doc: doc(reader),
            location: key.location)
    }

    /// Checks that `{name}` segments and path parameters match one for one, and orders path
    /// parameters as the path does.
    mutating func checkPathParameters(
        path: String, at location: SourceLocation, parameters: inout [OperationSpec.Parameter], context: String
    ) {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                log.error("the path of \(context) opens '{' without closing it", at: location)
                return
            }
            let name = String(rest[rest.index(after: open)..<close])
            let after = rest.index(after: close)
            if open > path.startIndex && path[path.index(before: open)] != "/"
                || after < rest.endIndex && rest[after] != "/"
            {
                log.error(
                    "the path of \(context) puts {\(name)} inside a segment; a path parameter must be a whole segment, "
                        + "between '/' and '/' (or the end)", at: location)
            }
            if names.contains(name) {
                log.error("the path of \(context) names {\(name)} twice", at: location)
            } else {
                names.append(name)
            }
            rest = rest[rest.index(after: close)...]
        }
        for name in names where !parameters.contains(where: { $0.name == name && $0.placement == .path }) {
            log.error("the path of \(context) names {\(name)}, which is not declared as a path parameter", at: location)
        }
        for parameter in parameters where parameter.placement == .path && !names.contains(parameter.name) {
            log.error(
                "path parameter '\(parameter.name)' does not appear in the path of \(context)", at: parameter.location)
        }
        let pathOnes = names.compactMap { name in parameters.first { $0.name == name && $0.placement == .path } }
        // A path parameter the path lacks stays (its error is above), so that an example setting
        // it is not also told that no such parameter exists.
        let unplaced = parameters.filter { $0.placement == .path && !names.contains($0.name) }
        parameters = pathOnes + unplaced + parameters.filter { $0.placement == .query }
    }

    mutating func loadOperationExamples(_ node: YAMLNode, context: String) -> [OperationSpec.Example] {
        guard case .sequence(let items, _) = node else {
            log.error("the examples of \(context) must be a list", at: node.location)
            return []
        }
        let examples = items.compactMap { item -> OperationSpec.Example? in
            guard
                let reader = MappingReader(
                    item, context: "an example of \(context)", keys: ["name", "parameters", "body", "status", "error"],
                    log: &log),
                let name = ScalarReading.string(reader.required("name", log: &log), "the example name", log: &log),
                let status = ScalarReading.integer(
                    reader.required("status", log: &log), "the example status", in: 100...599, log: &log)
            else { return nil }
            var parameters: [JSONMember] = []
            if let parametersNode = reader["parameters"] {
                if case .object(let members) = json(parametersNode) {
                    parameters = members
                } else {
                    log.error("example parameters must be a mapping", at: parametersNode.location)
                }
            }
            return OperationSpec.Example(
                name: name, parameters: parameters, body: reader["body"].map { json($0) }, status: status,
                errorCode: ScalarReading.string(reader["error"], "the example error", log: &log),
                location: item.location)
        }
        // An example's name is its key in the OpenAPI document's `examples`, where a second one
        // would replace the first.
        var firstLines: [String: Int] = [:]
        for example in examples {
            if let line = firstLines[example.name] {
                log.error(
                    "\(context) has two examples named '\(example.name)' (the first at line \(line))",
                    at: example.location)
            } else {
                firstLines[example.name] = example.location.line
            }
        }
        return examples
    }
}
