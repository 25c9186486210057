/// The top-level types the API module of a spec declares: the names the contract tests and the
/// example server write with the module in front (see `TypeQualification`).
enum APITypeNames {
    /// Every top-level type of `spec`'s API module.
    static func of(_ spec: Spec) -> [String] {
        spec.models.map { SwiftNaming.typeName($0.name) } + spec.enums.map { SwiftNaming.typeName($0.name) }
            + spec.rules.map(RuleTranslator.typeName) + spec.identifiers.map { SwiftNaming.typeName($0.name) }
            + [spec.name + "Constants", ErrorCodeTranslator.typeName(spec)]
            + (spec.headers == nil ? [] : [HeaderTranslator.typeName(spec)])
            + [ClientTranslator.typeName(spec), spec.name + "Operation"]
    }

    /// The qualification of the modules that import `spec`'s API module beside others.
    static func qualification(_ spec: Spec) -> TypeQualification {
        TypeQualification(module: SpecTranslator.apiModule(spec), types: Set(of(spec)))
    }
}
