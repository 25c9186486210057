/// Checks of the rules attached to model properties.
extension SpecChecker {
    /// Every property rule is a declared string rule, and the property holds strings: a string,
    /// or a list of strings (each element is checked), either of them optional.
    static func checkPropertyRules(_ spec: Spec, log: inout DiagnosticLog) {
        let stringRules = spec.rules.filter {
            if case .string = $0.kind { true } else { false }
        }.map(\.name)
        for model in spec.models {
            for property in model.properties {
                guard let rule = property.rule else { continue }
                let context = "property '\(property.name)' of model '\(model.name)'"
                if spec.rules.contains(where: { $0.name == rule }) && !stringRules.contains(rule) {
                    log.error(
                        "\(context) refers to rule '\(rule)', a value or map rule; a member takes a string rule",
                        at: property.location)
                } else if !stringRules.contains(rule) {
                    log.error(
                        "\(context) refers to rule '\(rule)', which is not declared in 'rules'\(Suggestion.hint(for: rule, among: stringRules))",
                        at: property.location)
                }
                if PropertyRuleShape(property.type) == nil {
                    log.error(
                        "\(context) has a rule, so it must hold a string or a list of strings",
                        at: property.location)
                }
            }
        }
        checkMemberRuleExamples(spec, log: &log)
    }

    /// Every model example, and the body of every operation example, keeps the rules of the
    /// model's members, and of the members of the models nested in it (the exported OpenAPI
    /// document gives each such member its rule's schema). The client refuses a body that
    /// breaks any of these rules before sending, also for an error example.
    static func checkMemberRuleExamples(_ spec: Spec, log: inout DiagnosticLog) {
        var stringRules = stringRulesByName(spec)
        // Two rules of one name (inline rules of `A.bC` and `AB.c` are both `ABC`) are reported
        // as a clash; checking examples against either would only add a wrong error.
        let counts = Dictionary(spec.rules.map { ($0.name, 1) }, uniquingKeysWith: +)
        for (name, count) in counts where count > 1 { stringRules[name] = nil }
        let models = Dictionary(spec.models.map { ($0.name, $0) }) { first, _ in first }
        /// The first rule `value` (of `model`) breaks, as a message; `path` names the member
        /// holding a nested model.
        func violation(_ value: JSONLiteral, _ model: ModelSpec, path: String = "") -> String? {
            guard case .object(let members) = value else { return nil }
            for property in model.properties {
                guard let member = members.first(where: { $0.name == property.wireName }) else { continue }
                if let name = property.rule, let rule = stringRules[name] {
                    let texts: [String] =
                        switch member.value {
                        case .string(let text): [text]
                        case .array(let items):
                            items.compactMap {
                                if case .string(let text) = $0 { text } else { nil }
                            }
                        default: []
                        }
                    if let reason = texts.lazy.compactMap({ RuleEvaluator.reason($0, rule) }).first {
                        return "breaks the rule '\(name)' of member '\(path)\(property.name)' (\(reason.rawValue))"
                    }
                }
                for (nested, nestedValue, place) in nestedModels(member.value, property.type, models) {
                    let nestedPath = path + property.name + place + "."
                    if let found = violation(nestedValue, nested, path: nestedPath) { return found }
                }
            }
            return nil
        }
        for model in spec.models {
            for (index, example) in model.examples.enumerated() {
                if let found = violation(example.value, model) {
                    log.error("example \(index + 1) of model '\(model.name)' \(found)", at: example.location)
                }
            }
        }
        for operation in spec.operations {
            guard let model = spec.models.first(where: { $0.name == operation.requestBody }) else { continue }
            for example in operation.examples {
                guard let body = example.body, let found = violation(body, model) else { continue }
                let refused = refusedBeforeSending(example)
                log.error(
                    "the body of example '\(example.name)' of operation '\(operation.name)' \(found)\(refused)",
                    at: example.location)
            }
        }
    }

    /// The values of models `value` holds as a member of `type`, each with where it is in the
    /// member (`""`, `[1]`, `["key"]`): itself for a model, or the elements of a list or map of
    /// models.
    private static func nestedModels(
        _ value: JSONLiteral, _ type: TypeReference, _ models: [String: ModelSpec]
    ) -> [(ModelSpec, JSONLiteral, String)] {
        switch (type, value) {
        case (.optional(let wrapped), _):
            nestedModels(value, wrapped, models)
        case (.named(let name), .object):
            models[name].map { [($0, value, "")] } ?? []
        case (.list(let element), .array(let items)):
            items.enumerated().flatMap { index, item in
                nestedModels(item, element, models).map { ($0, $1, "[\(index)]" + $2) }
            }
        case (.map(let element), .object(let members)):
            members.flatMap { member in
                nestedModels(member.value, element, models).map { ($0, $1, "[\"\(member.name)\"]" + $2) }
            }
        default:
            []
        }
    }
}

/// How a property with a rule holds its strings.
enum PropertyRuleShape: Hashable, Sendable {
    /// One string.
    case single
    /// A list of strings, each checked.
    case list

    /// The shape of `type` (optional or not), or `nil` when it holds no strings.
    init?(_ type: TypeReference) {
        switch type.unwrapped {
        case .string: self = .single
        case .list(let element) where element == .string: self = .list
        default: return nil
        }
    }
}
