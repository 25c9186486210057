/// Rules on model properties: `rule: <name>` names a string rule of `rules`; `pattern` and
/// `length` written on the property make a string rule of its own, named `<Model><Property>`
/// (the property's name in upper camel case).
extension SpecLoader {
    /// The keys of a property that attach a rule.
    static let propertyRuleKeys = ["rule", "pattern", "length"]
    /// Every key a property written as a mapping may have.
    static let propertyKeys = ["type", "doc", "wireName"] + propertyRuleKeys

    /// The name of the rule `reader` (a property's mapping) attaches, if any; an inline rule is
    /// appended to `inlineRules`.
    mutating func loadPropertyRule(
        _ reader: MappingReader, key: YAMLScalarKey, model: String, context: String, inlineRules: inout [RuleSpec]
    ) -> String? {
        let named = reader["rule"].flatMap { ScalarReading.string($0, "the rule of \(context)", log: &log) }
        guard reader["pattern"] != nil || reader["length"] != nil else { return named }
        if let named, let node = reader["rule"] {
            log.error(
                "\(context) names rule '\(named)' and writes 'pattern' or 'length' too; use one or the other",
                at: node.location)
            return nil
        }
        guard let checks = loadStringRule(reader, context: context) else { return nil }
        // The property's name in upper camel case: a name of symbols only (`#`) is spelled out
        // (`NumberSign`) rather than dropped, which named every such rule after the model alone.
        let name = model + SwiftNaming.upperCamel(key.text)
        inlineRules.append(
            RuleSpec(
                name: name, location: key.location, doc: "The rule of \(context).", kind: .string(checks),
                validExamples: [], invalidExamples: []))
        return name
    }
}
