/// Checks every rule example at generation: the reason the generator's own reading of the rule
/// (`RuleEvaluator`) gives must be the one the spec expects, so a wrong example fails `sdkgen`
/// at its line rather than `swift test` in a generated file.
enum RuleExampleChecker {
    /// Logs a located error for each example of `spec`'s rules whose reason differs.
    static func check(_ spec: Spec, log: inout DiagnosticLog) {
        for rule in spec.rules {
            for example in rule.validExamples + rule.invalidExamples {
                guard let actual = reason(example.value, rule, rules: spec.rules) else { continue }
                guard actual != example.reason else { continue }
                let expected = example.reason.map { "fail with '\($0.rawValue)'" } ?? "pass"
                let found = actual.map { "fails with '\($0.rawValue)'" } ?? "passes"
                log.error(
                    "the example \(example.value.jsonText) of rule '\(rule.name)' should \(expected), but it \(found)",
                    at: example.location)
            }
        }
    }

    /// The reason `value` breaks `rule` (`.some(nil)` when it passes), or `nil` when the value
    /// has a shape the rule cannot take (reported elsewhere).
    static func reason(_ value: JSONLiteral, _ rule: RuleSpec, rules: [RuleSpec]) -> RuleReason?? {
        switch rule.kind {
        case .string(let stringRule):
            guard let text = RuleEvaluator.text(value) else { return nil }
            return .some(RuleEvaluator.reason(text, stringRule))
        case .value(let valueRule):
            return .some(RuleEvaluator.reason(RuleEvaluator.kind(value), isNonFiniteNumber: false, valueRule))
        case .map(let mapRule):
            let names = Set(rules.map(\.name))
            guard case .object(let members) = value, names.contains(mapRule.keyRule),
                mapRule.valueRule.map(names.contains) ?? true
            else { return nil }
            return .some(RuleEvaluator.reason(members, mapRule, rules: rules))
        }
    }
}
