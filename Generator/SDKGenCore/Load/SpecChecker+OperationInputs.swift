/// Checks that what an operation sends can be sent: a rule on a parameter that holds text, one
/// operation per route, and examples whose inputs the generated client would not refuse before
/// sending (a contract test of such an example could never reach the server) and whose path the
/// server routes to their own operation.
extension SpecChecker {
    static func checkOperationInputs(_ spec: Spec, log: inout DiagnosticLog) {
        let stringRules = stringRulesByName(spec)
        let templates = spec.operations.map { (operation: $0, template: pathSegments($0.path)) }
        var routes: [String: String] = [:]
        for operation in spec.operations {
            let route = operation.method + " " + routeShape(operation.path)
            if let earlier = routes[route] {
                log.error(
                    "operation '\(operation.name)' has the method and path of operation '\(earlier)' "
                        + "(\(operation.method) \(operation.path)); a route answers one operation",
                    at: operation.location)
            } else {
                routes[route] = operation.name
            }
            for parameter in operation.parameters where parameter.rule != nil && parameter.type.unwrapped != .string {
                log.error(
                    "parameter '\(parameter.name)' of operation '\(operation.name)' has a rule, so it must be a string",
                    at: parameter.location)
            }
            for example in operation.examples {
                checkExampleParameters(example, of: operation, rules: stringRules, log: &log)
                checkRouteOfExample(example, of: operation, among: templates, log: &log)
            }
        }
    }

    /// An example whose path values spell another operation's literal segments reaches that
    /// operation: of two routes of one method that match a path, the server takes the one with
    /// a literal at the first segment where they differ (`/items/special` beats `/items/{id}`),
    /// so the example's contract test would get the other operation's answer.
    private static func checkRouteOfExample(
        _ example: OperationSpec.Example, of operation: OperationSpec,
        among templates: [(operation: OperationSpec, template: [String])], log: inout DiagnosticLog
    ) {
        let template = pathSegments(operation.path)
        var values: [String: String] = [:]
        for member in example.sentParameters { values[member.name] = RuleEvaluator.text(member.value) }
        var segments: [String] = []
        for segment in template {
            guard let name = parameterName(segment) else {
                segments.append(segment)
                continue
            }
            // A value no segment can carry has an error of its own; the client never sends it.
            guard let value = values[name], !unsendableSegments.contains(value) else { return }
            segments.append(value)
        }
        // The route the server takes: of the templates that match, the one with a literal at the
        // first segment where they differ, which is the least in the order of `literalFirst`.
        let matching = templates.filter { route in
            route.operation.method == operation.method && route.template.count == segments.count
                && zip(route.template, segments).allSatisfy { parameterName($0) != nil || $0 == $1 }
        }
        let winner = matching.map { (operation: $0.operation, order: literalFirst($0.template)) }
            .min { $0.order.lexicographicallyPrecedes($1.order) }?.operation
        guard let winner, routeShape(winner.path) != routeShape(operation.path) else { return }
        log.error(
            "example '\(example.name)' of operation '\(operation.name)' sends \(operation.method) "
                + "\(segments.joined(separator: "/")), which the server routes to operation '\(winner.name)' "
                + "(\(winner.path)), never to '\(operation.name)'", at: example.location)
    }

    /// `template` as the server orders routes: 0 for a literal segment, 1 for a parameter.
    private static func literalFirst(_ template: [String]) -> [Int] {
        template.map { parameterName($0) == nil ? 0 : 1 }
    }

    /// Path parameter values no path segment can carry: the client refuses them before sending.
    private static let unsendableSegments: Set<String> = ["", ".", ".."]

    /// The segments of `path`, split at every `/` (the first is the empty text before the
    /// leading `/`).
    private static func pathSegments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The parameter a path segment is (`id` for `{id}`), or `nil` for a literal segment.
    private static func parameterName(_ segment: String) -> String? {
        segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
    }

    /// The checks of each string rule of `spec`, by rule name (of two rules of one name, the
    /// later one's).
    static func stringRulesByName(_ spec: Spec) -> [String: StringRule] {
        var rules: [String: StringRule] = [:]
        for rule in spec.rules {
            if case .string(let checks) = rule.kind { rules[rule.name] = checks }
        }
        return rules
    }

    /// `path` with every `{name}` written `{}`: two paths of the same shape are one route.
    static func routeShape(_ path: String) -> String {
        pathSegments(path).map { parameterName($0) == nil ? $0 : "{}" }.joined(separator: "/")
    }

    /// What the spec says to add to a message about an example input the client refuses: an
    /// error example may mean the server's refusal, but it never gets that far.
    static func refusedBeforeSending(_ example: OperationSpec.Example) -> String {
        (200..<300).contains(example.status)
            ? ""
            : "; the client refuses it before sending, so the example never reaches the server"
    }

    private static func checkExampleParameters(
        _ example: OperationSpec.Example, of operation: OperationSpec, rules: [String: StringRule],
        log: inout DiagnosticLog
    ) {
        for member in example.parameters {
            guard let parameter = operation.parameters.first(where: { $0.name == member.name }),
                case .string(let text) = member.value
            else { continue }
            let what = "parameter '\(member.name)' of example '\(example.name)' of operation '\(operation.name)'"
            if parameter.placement == .path, unsendableSegments.contains(text) {
                log.error(
                    "\(what) is '\(text)', which no path segment can carry\(refusedBeforeSending(example))",
                    at: example.location)
            }
            if let name = parameter.rule, let rule = rules[name], let reason = RuleEvaluator.reason(text, rule) {
                log.error(
                    "\(what) breaks the rule '\(name)' (\(reason.rawValue))\(refusedBeforeSending(example))",
                    at: example.location)
            }
        }
    }
}
