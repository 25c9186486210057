import Foundation
import Synchronization

/// Checks what spans the whole spec once it is loaded: references resolve, names do not clash
/// once they become Swift names, and examples have the shape their rule or model needs.
enum SpecChecker {
    /// Logs every problem of `spec`.
    static func check(_ spec: Spec, log: inout DiagnosticLog) {
        // The checks are independent of each other: each reports into a log of its own, and the
        // logs are joined in this order, whichever check ends first.
        let checks: [@Sendable (Spec, inout DiagnosticLog) -> Void] = [
            checkTypeNames, checkNamesInScope, checkSuiteNames, checkConstantAndErrorNames, checkModels,
            checkRequiredCycles, checkRules,
            checkPropertyRules, checkExampleTypes, checkOperations, checkOperationInputs, checkOperationExamples,
            { spec, log in if let headers = spec.headers { checkHeaders(headers, log: &log) } },
            { spec, log in if let headers = spec.headers { checkHeaderExamples(headers, log: &log) } },
            checkIdentifiers, checkModuleNames, RuleExampleChecker.check,
        ]
        let logs = Mutex([DiagnosticLog](repeating: DiagnosticLog(), count: checks.count))
        DispatchQueue.concurrentPerform(iterations: checks.count) { index in
            var own = DiagnosticLog()
            checks[index](spec, &own)
            logs.withLock { $0[index] = own }
        }
        for own in logs.withLock({ $0 }) { log.append(own) }
    }

    /// Every name that becomes a Swift type, with where it is declared.
    static func typeDeclarations(_ spec: Spec) -> [(name: String, swift: String, location: SourceLocation)] {
        spec.models.map { ($0.name, SwiftNaming.typeName($0.name), $0.location) }
            + spec.enums.map { ($0.name, SwiftNaming.typeName($0.name), $0.location) }
            + spec.rules.map { ($0.name, RuleTranslator.typeName($0), $0.location) }
            + spec.identifiers.map { ($0.name, SwiftNaming.typeName($0.name), $0.location) }
            + spec.operations.map { ($0.name, SwiftNaming.typeName($0.name) + "Operation", $0.location) }
    }

    /// The longest Swift type name sdkgen writes, in UTF-8 bytes: files are named after types
    /// (`<Type>Tests.swift`, `<Name>Client+<Operation>.swift`), and a file name holds at most 255.
    static let maxTypeNameBytes = 200

    static func checkTypeNames(_ spec: Spec, log: inout DiagnosticLog) {
        var seen: [String: (name: String, location: SourceLocation)] = [:]
        let generatedNames = Set(
            [
                "ErrorCode", "Constants", "Client", "RequestHeaders", "Operation", "API", "ContractTests", "Emulator",
                "ExampleServer",
            ].map {
                spec.name + $0
            })
        for declaration in typeDeclarations(spec) {
            let length = declaration.swift.utf8.count
            if length > maxTypeNameBytes {
                log.error(
                    "'\(declaration.name)' becomes a Swift type name of \(length) bytes (\(declaration.swift.prefix(24))…), "
                        + "too long for the files named after it (at most \(maxTypeNameBytes)); use a shorter name",
                    at: declaration.location)
            } else if let earlier = seen[declaration.swift] {
                log.error(
                    "'\(declaration.name)' becomes the Swift type \(declaration.swift), which '\(earlier.name)' (line \(earlier.location.line)) already names",
                    at: declaration.location)
            } else if generatedNames.contains(declaration.swift) {
                log.error(
                    "'\(declaration.name)' becomes \(declaration.swift), a name the generator uses itself",
                    at: declaration.location)
            } else {
                seen[declaration.swift] = (declaration.name, declaration.location)
            }
        }
    }

    /// A generated module may not be named like the folder of the OpenAPI documents (which would
    /// put them inside the module), nor like a type of a module its files import, which would
    /// hide the module there (`EmulatorCatalog.moduleLikeTypeNames`).
    static func checkModuleNames(_ spec: Spec, log: inout DiagnosticLog) {
        for module in SpecTranslator.modules(spec) {
            if module == OpenAPIExporter.folder {
                log.error(
                    "the API name '\(spec.name)' makes the module \(module), the folder of the OpenAPI documents; "
                        + "choose another name",
                    at: spec.nameLocation)
            } else if EmulatorCatalog.moduleLikeTypeNames.contains(module),
                ContractTestTranslator.importsSDKEmulator(spec)
            {
                log.error(
                    "the API name '\(spec.name)' makes the module \(module), the name of a type of SDKEmulator, "
                        + "which would hide the module in the generated tests; choose another name",
                    at: spec.nameLocation)
            }
        }
    }

    /// Reports two spec names that become the same Swift member name.
    static func checkMemberClashes(
        _ names: [(name: String, location: SourceLocation)], swiftName: (String) -> String, context: String,
        log: inout DiagnosticLog
    ) {
        var seen: [String: String] = [:]
        for entry in names {
            let swift = swiftName(entry.name)
            if let earlier = seen[swift], earlier != entry.name {
                log.error(
                    "'\(entry.name)' and '\(earlier)' in \(context) both become the Swift name \(swift)",
                    at: entry.location)
            } else {
                seen[swift] = entry.name
            }
        }
    }

    /// Constants become members of `<Name>Constants` and error codes cases of `<Name>ErrorCode`:
    /// two that become one Swift name would be declared twice.
    static func checkConstantAndErrorNames(_ spec: Spec, log: inout DiagnosticLog) {
        checkMemberClashes(
            spec.constants.map { ($0.name, $0.location) }, swiftName: SwiftNaming.memberName, context: "'constants'",
            log: &log)
        checkMemberClashes(
            spec.errors.map { ($0.code, $0.location) }, swiftName: SwiftNaming.caseName, context: "'errors'",
            log: &log)
    }

    static func checkModels(_ spec: Spec, log: inout DiagnosticLog) {
        let typeNames = spec.models.map(\.name) + spec.enums.map(\.name)
        let declared = Set(typeNames)
        var hints: [String: String] = [:]
        for model in spec.models {
            checkMemberClashes(
                model.properties.map { ($0.name, $0.location) }, swiftName: SwiftNaming.memberName,
                context: "model '\(model.name)'", log: &log)
            for property in model.properties where SwiftNaming.memberName(property.name) == "violations" {
                log.error(
                    "property '\(property.name)' of model '\(model.name)' becomes violations, the name of the generated "
                        + "method that checks the model's rules; rename it (a wireName keeps its JSON name)",
                    at: property.location)
            }
            var wireNames: Set<String> = []
            for property in model.properties {
                if !wireNames.insert(property.wireName).inserted {
                    log.error(
                        "two properties of model '\(model.name)' use the wire name '\(property.wireName)'",
                        at: property.location)
                }
                for name in property.type.namedTypes where !declared.contains(name) {
                    // A renamed model is referred to by its old name in many places: one search.
                    let hint = hints[name] ?? TypeReferenceParser.hint(for: name, among: typeNames)
                    hints[name] = hint
                    log.error(
                        "property '\(property.name)' refers to '\(name)', which is not a declared model or enum\(hint)",
                        at: property.location)
                }
            }
        }
        for enumSpec in spec.enums {
            var seen: [String: EnumSpec.Case] = [:]
            for enumCase in enumSpec.cases {
                let swift = SwiftNaming.caseName(enumCase.nameSource)
                guard let earlier = seen[swift] else {
                    seen[swift] = enumCase
                    continue
                }
                log.error(
                    "values '\(enumCase.value)' and '\(earlier.value)' of enum '\(enumSpec.name)' both become the Swift "
                        + "case \(swift); give one a name of its own: {value: \(enumCase.value), name: ...}",
                    at: enumCase.location)
            }
        }
    }

    static func checkRules(_ spec: Spec, log: inout DiagnosticLog) {
        let byName = Dictionary(spec.rules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for rule in spec.rules {
            switch rule.kind {
            case .string:
                for example in rule.validExamples + rule.invalidExamples {
                    switch example.value {
                    case .string, .number, .bool: continue
                    default: log.error("examples of string rule '\(rule.name)' must be strings", at: example.location)
                    }
                }
            case .value: break
            case .map(let map):
                if let key = byName[map.keyRule] {
                    if case .string = key.kind {
                    } else {
                        log.error(
                            "the key rule of '\(rule.name)' must be a string rule; '\(map.keyRule)' is not",
                            at: rule.location)
                    }
                } else {
                    log.error(
                        "rule '\(rule.name)' refers to key rule '\(map.keyRule)', which is not declared\(Suggestion.hint(for: map.keyRule, among: Array(byName.keys).sorted()))",
                        at: rule.location)
                }
                if let value = map.valueRule, byName[value] == nil {
                    log.error(
                        "rule '\(rule.name)' refers to value rule '\(value)', which is not declared\(Suggestion.hint(for: value, among: Array(byName.keys).sorted()))",
                        at: rule.location)
                }
                if let value = map.valueRule, case .map? = byName[value]?.kind {
                    log.error("the value rule of '\(rule.name)' cannot itself be a map rule", at: rule.location)
                }
                for example in rule.validExamples + rule.invalidExamples {
                    if case .object = example.value { continue }
                    log.error("examples of map rule '\(rule.name)' must be mappings", at: example.location)
                }
            }
        }
    }

    static func checkOperations(_ spec: Spec, log: inout DiagnosticLog) {
        let models = spec.models.map(\.name)
        let modelSet = Set(models)
        let enumNames = Set(spec.enums.map(\.name))
        let codes = spec.errors.map(\.code)
        let durations = spec.constants.filter {
            if case .durationMilliseconds = $0.value { true } else { false }
        }.map(\.name)
        let zeroDurations = Set(
            spec.constants.filter { $0.value == .durationMilliseconds(0) }.map(\.name))
        let stringRules = spec.rules.filter {
            if case .string = $0.kind { true } else { false }
        }.map(\.name)
        checkMemberClashes(
            spec.operations.map { ($0.name, $0.location) }, swiftName: SwiftNaming.memberName, context: "'operations'",
            log: &log)
        for operation in spec.operations {
            let places = operation.valueLocations
            for (model, role, place) in [
                (operation.requestBody, "body", places.body), (operation.responseBody, "response", places.response),
            ] where model.map({ !modelSet.contains($0) }) ?? false {
                let place = place ?? operation.location
                let model = model ?? ""
                if enumNames.contains(model) {
                    log.error(
                        "the \(role) of operation '\(operation.name)' is '\(model)', an enum; a \(role) must be a model (a JSON object)",
                        at: place)
                } else if model.hasPrefix("[") || model.hasSuffix("?") {
                    // A list or an optional (`[Thing]`, `Thing?`) is a type, not a model's name.
                    log.error(
                        "the \(role) of operation '\(operation.name)' is '\(model)'; a \(role) names one model (a JSON object): declare a model that holds it as a member",
                        at: place)
                } else {
                    log.error(
                        "operation '\(operation.name)' refers to model '\(model)', which is not declared\(Suggestion.hint(for: model, among: models))",
                        at: place)
                }
            }
            func placeOfError(_ index: Int) -> SourceLocation {
                index < places.errors.count ? places.errors[index] : operation.location
            }
            for (index, code) in operation.errors.enumerated() where !codes.contains(code) {
                log.error(
                    "operation '\(operation.name)' lists error '\(code)', which is not declared in 'errors'\(Suggestion.hint(for: code, among: codes))",
                    at: placeOfError(index))
            }
            for (index, code) in operation.errors.enumerated() where operation.errors[..<index].contains(code) {
                log.error("operation '\(operation.name)' lists error '\(code)' twice", at: placeOfError(index))
            }
            if let timeout = operation.timeout, !durations.contains(timeout) {
                log.error(
                    "operation '\(operation.name)' takes its timeout from '\(timeout)', which is not a duration constant\(Suggestion.hint(for: timeout, among: durations))",
                    at: places.timeout ?? operation.location)
            }
            if let timeout = operation.timeout, zeroDurations.contains(timeout) {
                log.error(
                    "operation '\(operation.name)' takes its timeout from '\(timeout)', which is 0s: every request would time out before it is sent",
                    at: places.timeout ?? operation.location)
            }
            for parameter in operation.parameters {
                if let rule = parameter.rule, !stringRules.contains(rule) {
                    if spec.rules.contains(where: { $0.name == rule }) {
                        log.error(
                            "parameter '\(parameter.name)' refers to rule '\(rule)', a value or map rule; a parameter takes a string rule",
                            at: parameter.location)
                    } else {
                        log.error(
                            "parameter '\(parameter.name)' refers to rule '\(rule)', which is not declared in 'rules'\(Suggestion.hint(for: rule, among: stringRules))",
                            at: parameter.location)
                    }
                }
            }
            checkMemberClashes(
                operation.parameters.map { ($0.name, $0.location) }, swiftName: SwiftNaming.memberName,
                context: "operation '\(operation.name)'", log: &log)
            for example in operation.examples {
                for member in example.parameters where !operation.parameters.contains(where: { $0.name == member.name })
                {
                    log.error(
                        "example '\(example.name)' sets '\(member.name)', which is not a parameter of '\(operation.name)'\(Suggestion.hint(for: member.name, among: operation.parameters.map(\.name)))",
                        at: example.location)
                }
                for parameter in operation.parameters where !parameter.type.isOptional {
                    if !example.parameters.contains(where: { $0.name == parameter.name }) {
                        log.error(
                            "example '\(example.name)' of '\(operation.name)' does not set '\(parameter.name)'",
                            at: example.location)
                    }
                }
                if (example.body == nil) != (operation.requestBody == nil) {
                    log.error(
                        operation.requestBody == nil
                            ? "example '\(example.name)' has a body, but '\(operation.name)' takes none"
                            : "example '\(example.name)' of '\(operation.name)' needs a body", at: example.location)
                }
                if let code = example.errorCode, !operation.errors.contains(code) {
                    log.error(
                        "example '\(example.name)' expects error '\(code)', which '\(operation.name)' does not list",
                        at: example.location)
                }
            }
        }
    }

    static func checkHeaders(_ headers: HeaderContractSpec, log: inout DiagnosticLog) {
        let inputs = Dictionary(headers.inputs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let fieldNames = headers.fields.map(\.name)
        checkMemberClashes(
            headers.inputs.map { ($0.name, $0.location) }, swiftName: SwiftNaming.memberName,
            context: "the header inputs",
            log: &log)
        for input in headers.inputs where SwiftNaming.memberName(input.name) == "fields" {
            log.error(
                "header input '\(input.name)' becomes fields, the generated list of the headers; rename it",
                at: input.location)
        }
        for field in headers.fields {
            if field.name.lowercased() == "idempotency-key" {
                log.error(
                    "header '\(field.name)' is the idempotency key, which each write operation sends itself; "
                        + "rename the header", at: field.location)
            } else if Self.transportHeaders.contains(field.name.lowercased()) {
                log.error(
                    "header '\(field.name)' is written by the HTTP transport itself, not by a spec", at: field.location)
            } else if Self.clientHeaders.contains(field.name.lowercased()) {
                log.error(
                    "header '\(field.name)' is written by the generated client, whose bodies and answers are JSON, "
                        + "not by a spec", at: field.location)
            }
            for (part, text) in [("template", field.template), ("separator", field.separator)] {
                if let control = text.unicodeScalars.first(where: Self.isControlCharacter) {
                    log.error(
                        "the \(part) of header '\(field.name)' holds the control character \(control.codePoint), "
                            + "which no header value can carry",
                        at: field.location)
                } else if let other = text.unicodeScalars.first(where: { !$0.isASCII }) {
                    // HTTP gives bytes past ASCII no encoding: Foundation on Apple platforms
                    // sends such a value as Latin-1 or not at all, curl as UTF-8.
                    log.error(
                        "the \(part) of header '\(field.name)' holds '\(other)' (\(other.codePoint)), which is not "
                            + "ASCII: header values past ASCII reach servers garbled or not at all",
                        at: field.location)
                }
            }
            guard let input = inputs[field.input] else {
                log.error(
                    "header '\(field.name)' comes from '\(field.input)', which is not a declared input\(Suggestion.hint(for: field.input, among: headers.inputs.map(\.name)))",
                    at: field.location)
                continue
            }
            if field.maxItems != nil, input.kind != .stringList {
                log.error(
                    "header '\(field.name)' has 'maxItems' but its input '\(input.name)' is not a list",
                    at: field.location)
            }
        }
        for example in headers.examples {
            for member in example.inputs where inputs[member.name] == nil {
                log.error("a header example sets '\(member.name)', which is not a declared input", at: example.location)
            }
            for input in headers.inputs where input.kind != .optionalString {
                if !example.inputs.contains(where: { $0.name == input.name }) {
                    log.error("a header example does not set input '\(input.name)'", at: example.location)
                }
            }
            for name in example.expected.map(\.name) + example.absent where !fieldNames.contains(name) {
                log.error("a header example names '\(name)', which is not a declared header", at: example.location)
            }
        }
    }

    static func checkIdentifiers(_ spec: Spec, log: inout DiagnosticLog) {
        for identifier in spec.identifiers {
            for derivation in identifier.derivations where !derivation.output.hasPrefix(identifier.prefix) {
                log.error(
                    "the derived example of '\(identifier.name)' must start with its prefix '\(identifier.prefix)'",
                    at: derivation.location)
            }
        }
    }

    /// The header names the HTTP transport writes itself (the message's host, framing and
    /// connection), in lower case.
    static let transportHeaders: Set<String> = ["host", "content-length", "transfer-encoding", "connection"]

    /// The header names the generated client writes itself (JSON in and out), in lower case.
    static let clientHeaders: Set<String> = ["content-type", "accept"]

    /// A control character, which HTTP allows in no field value but as a horizontal tab.
    static func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
