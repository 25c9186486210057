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
                if !stringRules.contains(rule) {
                    log.error(
                        "\(context) refers to rule '\(rule)', which is not a string rule\(Suggestion.hint(for: rule, among: stringRules))",
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
    /// model's members (its own members; nested models are checked by their own examples): the
    /// client refuses a body that breaks one before sending, also for an error example.
    static func checkMemberRuleExamples(_ spec: Spec, log: inout DiagnosticLog) {
        var stringRules = stringRulesByName(spec)
        // Two rules of one name (inline rules of `A.bC` and `AB.c` are both `ABC`) are reported
        // as a clash; checking examples against either would only add a wrong error.
        let counts = Dictionary(spec.rules.map { ($0.name, 1) }, uniquingKeysWith: +)
        for (name, count) in counts where count > 1 { stringRules[name] = nil }
        func check(
            _ value: JSONLiteral, _ model: ModelSpec, _ what: String, refused: String = "", at location: SourceLocation
        ) {
            guard case .object(let members) = value else { return }
            for property in model.properties {
                guard let name = property.rule, let rule = stringRules[name],
                    let member = members.first(where: { $0.name == property.wireName })
                else { continue }
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
                    log.error(
                        "\(what) breaks the rule '\(name)' of member '\(property.name)' (\(reason.rawValue))\(refused)",
                        at: location)
                }
            }
        }
        let validated = spec.models.filter(ModelValidationTranslator.isValidated)
        for model in validated {
            for (index, example) in model.examples.enumerated() {
                check(example.value, model, "example \(index + 1) of model '\(model.name)'", at: example.location)
            }
        }
        for operation in spec.operations {
            guard let model = validated.first(where: { $0.name == operation.requestBody }) else { continue }
            for example in operation.examples {
                guard let body = example.body else { continue }
                check(
                    body, model, "the body of example '\(example.name)' of operation '\(operation.name)'",
                    refused: refusedBeforeSending(example), at: example.location)
            }
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
