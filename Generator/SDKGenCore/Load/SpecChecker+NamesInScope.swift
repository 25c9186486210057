/// Names that compile apart but meet in one scope of the generated code: Swift finds a member or
/// parameter before a type of the same name, so a type the code names there must not share its
/// Swift name with one. Only a name without an ASCII capital can (`_1`, names in a script without
/// case), since members are lower camel case and types upper.
extension SpecChecker {
    /// Reports an operation, a parameter or a property whose Swift name is that of a type the
    /// generated code names where it is in scope: a type any operation uses, in the client (where
    /// every operation is a method); the operation's models, parameter types and parameter
    /// rules, in the operation's method; the rules of the model's properties, in the model.
    static func checkNamesInScope(_ spec: Spec, log: inout DiagnosticLog) {
        let types = Dictionary(
            typeDeclarations(spec).map { ($0.swift, ($0.name, $0.location)) }, uniquingKeysWith: { first, _ in first })
        func check(_ member: String, _ what: String, at location: SourceLocation, against scope: Set<String>) {
            let swift = SwiftNaming.plainMemberName(member)
            guard let first = swift.utf8.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
                scope.contains(swift), let type = types[swift]
            else { return }
            log.error(
                "\(what) becomes \(swift), the Swift name of '\(type.0)' (line \(type.1.line)), which the generated "
                    + "code names where \(swift) is in scope and could not refer to there; rename one",
                at: location)
        }
        let used = spec.operations.map { operation in
            var used = Set([operation.requestBody, operation.responseBody].compactMap { $0 }.map(SwiftNaming.typeName))
            for parameter in operation.parameters {
                used.formUnion(parameter.type.namedTypes.map(SwiftNaming.typeName))
                if let rule = parameter.rule { used.insert(RuleTranslator.typeName(ofRule: rule)) }
            }
            return used
        }
        let usedByTheClient = used.reduce(into: Set<String>()) { $0.formUnion($1) }
        for (operation, used) in zip(spec.operations, used) {
            check(operation.name, "operation '\(operation.name)'", at: operation.location, against: usedByTheClient)
            for parameter in operation.parameters {
                check(
                    parameter.name, "parameter '\(parameter.name)' of operation '\(operation.name)'",
                    at: parameter.location, against: used)
            }
        }
        for model in spec.models {
            let rules = Set(model.properties.compactMap(\.rule).map(RuleTranslator.typeName(ofRule:)))
            for property in model.properties {
                check(
                    property.name, "property '\(property.name)' of model '\(model.name)'", at: property.location,
                    against: rules)
            }
        }
    }

    /// A type's tests are the suite `<Type>Tests`; a few suites are named otherwise, and a type
    /// whose tests would take one of their names would declare it twice.
    static func checkSuiteNames(_ spec: Spec, log: inout DiagnosticLog) {
        let suites = ContractTestTranslator.otherSuites(spec)
        for type in ContractTestTranslator.typesWithSuites(spec) {
            guard let suite = suites[type.swift + "Tests"] else { continue }
            log.error(
                "'\(type.name)' becomes \(type.swift), whose tests would be named \(type.swift)Tests like \(suite); "
                    + "rename it",
                at: type.location)
        }
    }
}
