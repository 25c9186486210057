/// Turns the operations into `<API>Client`: one typed async function per operation over the
/// runtime's `APIClient`, plus `<API>Operation`, the routing facts of every operation.
enum ClientTranslator {
    static func typeName(_ spec: Spec) -> String { spec.name + "Client" }

    /// The client struct itself.
    static func clientDeclaration(_ spec: Spec) -> SwiftDeclaration {
        .type(
            SwiftTypeDeclaration(
                doc: [
                    "The typed client of the \(spec.title): one async function per operation.", "",
                    "Failures are thrown as `APIError`; its `\(SwiftNaming.plainMemberName(spec.name))Code` gives the contract's error code.",
                ],
                kind: .structure, name: typeName(spec), conformances: [.swift("Sendable")],
                members: [
                    .property(
                        SwiftProperty(
                            doc: ["The runtime client that sends requests and maps failures."], name: "core",
                            type: .runtime("APIClient"))),
                    .function(
                        SwiftFunction(
                            doc: ["A client sending through `core`."], name: "init",
                            parameters: [.init("core", .runtime("APIClient"))],
                            body: [.assignment(.path("self", "core"), "=", .identifier("core"))])),
                ]))
    }

    /// The extension holding the function of `operation`.
    static func operationDeclaration(
        _ operation: OperationSpec, spec: Spec, validated: Set<String>
    ) -> SwiftDeclaration {
        var parameters: [SwiftFunction.Parameter] = operation.parameters.map { parameter in
            .init(
                parameterName(parameter.name, of: operation), TypeMapping.swiftType(parameter.type),
                default: parameter.type.isOptional ? .nilLiteral : nil)
        }
        if let body = operation.requestBody { parameters.append(.init("body", .local(SwiftNaming.typeName(body)))) }
        if operation.sendsIdempotencyKey { parameters.append(.init("idempotencyKey", .string)) }
        var statements: [SwiftStatement] = []
        for parameter in operation.parameters {
            guard let rule = parameter.rule else { continue }
            let name = parameterName(parameter.name, of: operation)
            var value = SwiftExpression.identifier(name)
            if parameter.type.isOptional {
                value = .identifier("value")
            }
            let check = SwiftStatement.ifStatement(
                [
                    .optionalBinding(
                        "violation", .call(.path(RuleTranslator.typeName(ofRule: rule), "validate"), [.init(value)]))
                ],
                then: [
                    .throwStatement(
                        .call(
                            .type(.runtime("APIError")),
                            [
                                .init("category", .member(nil, "rejected")), .init("code", .string("INVALID_ARGUMENT")),
                                .init(
                                    "message",
                                    .binary(.string("\(parameter.name) "), "+", .identifier("violation").dot("message"))
                                ),
                            ]))
                ], else: nil)
            statements.append(
                parameter.type.isOptional
                    ? .ifStatement([.optionalBinding("value", .identifier(name))], then: [check], else: nil) : check)
        }
        statements += bodyRuleCheck(operation, validated: validated)
        statements.append(
            .binding(
                SwiftBinding(
                    "request",
                    .call(
                        .type(.runtime("HTTPRequest")),
                        [
                            .init("method", .string(operation.method)), .init("path", pathExpression(operation)),
                            .init("isSafeToRepeat", .bool(true)),
                        ]),
                    isMutable: isMutated(operation))))
        for parameter in operation.parameters where parameter.placement == .query {
            let name = parameterName(parameter.name, of: operation)
            let append = { (value: SwiftExpression) in
                SwiftStatement.expression(
                    .call(
                        .path("request", "query", "append"),
                        [
                            .init(
                                .call(
                                    .type(.runtime("HTTPField")),
                                    [
                                        .init("name", .string(parameter.name)),
                                        .init("value", text(value, parameter.type.unwrapped)),
                                    ]))
                        ]))
            }
            statements.append(
                parameter.type.isOptional
                    ? .ifStatement(
                        [.optionalBinding("value", .identifier(name))], then: [append(.identifier("value"))], else: nil)
                    : append(.identifier(name)))
        }
        if operation.sendsIdempotencyKey {
            statements.append(
                .expression(
                    .call(
                        .path("request", "headers", "append"),
                        [
                            .init(
                                .tryExpression(
                                    .call(
                                        .path("SDKRuntime", "APIClient", "idempotencyKeyField"),
                                        [.init(.identifier("idempotencyKey"))]),
                                    optional: false))
                        ])))
        }
        if operation.requestBody != nil {
            statements.append(
                .expression(
                    .call(
                        .path("request", "headers", "append"),
                        [
                            .init(
                                .call(
                                    .type(.runtime("HTTPField")),
                                    [
                                        .init("name", .string("Content-Type")),
                                        .init("value", .string("application/json")),
                                    ]))
                        ])))
            statements.append(
                .assignment(
                    .path("request", "body"), "=",
                    .tryExpression(
                        .call(.path("SDKRuntime", "JSONBody", "encode"), [.init(.identifier("body"))]), optional: false)
                ))
        }
        if let timeout = operation.timeout {
            statements.append(
                .assignment(
                    .path("request", "timeout"), "=", .path(spec.name + "Constants", SwiftNaming.memberName(timeout))))
        }
        let returnType = operation.responseBody.map { SwiftType.local(SwiftNaming.typeName($0)) }
        if let returnType {
            statements.append(
                .returnStatement(
                    .tryExpression(
                        .awaitExpression(
                            .call(
                                .path("self", "core", "send"),
                                [.init(.identifier("request")), .init("decoding", .member(.type(returnType), "self"))])),
                        optional: false)))
        } else {
            statements.append(
                .expression(
                    .tryExpression(
                        .awaitExpression(.call(.path("self", "core", "send"), [.init(.identifier("request"))])),
                        optional: false
                    )))
        }
        var doc = operation.doc.isEmpty ? [] : DocComment.wrap(operation.doc) + [""]
        doc += DocComment.wrap(
            "`\(operation.method) \(operation.path)`"
                + (operation.errors.isEmpty
                    ? "." : "; may fail with " + operation.errors.map { "`\($0)`" }.joined(separator: ", ") + "."))
        if operation.sendsIdempotencyKey {
            doc.append("Sending it again with the same `idempotencyKey` is applied once.")
        }
        doc.append("")
        doc += DocComment.remark(operation.location, "operation \(operation.name)")
        return .type(
            SwiftTypeDeclaration(
                doc: [], kind: .extension, name: typeName(spec),
                members: [
                    .function(
                        SwiftFunction(
                            doc: doc, name: SwiftNaming.memberName(operation.name), parameters: parameters,
                            isAsync: true,
                            throwsType: .some(.runtime("APIError")), returnType: returnType, body: statements))
                ]))
    }

    /// The Swift name of the parameter `name` in the function of `operation`: its member name,
    /// with a trailing `_` where the function needs that name itself (the request it builds, and
    /// its `body` and `idempotencyKey` arguments), so that any wire name can be a parameter.
    static func parameterName(_ name: String, of operation: OperationSpec) -> String {
        let swift = SwiftNaming.memberName(name)
        return ownNames(of: operation).contains(swift) ? swift + "_" : swift
    }

    /// The label of the parameter `name` in a call of the function of `operation` (without the
    /// backticks of `parameterName(_:of:)`).
    static func argumentLabel(_ name: String, of operation: OperationSpec) -> String {
        let swift = SwiftNaming.memberName(name)
        return ownNames(of: operation).contains(swift) ? swift + "_" : SwiftNaming.argumentLabel(name)
    }

    /// The names the function of `operation` declares besides its parameters.
    private static func ownNames(of operation: OperationSpec) -> [String] {
        ["request"] + (operation.sendsIdempotencyKey ? ["idempotencyKey"] : [])
            + (operation.requestBody != nil ? ["body"] : [])
    }

    /// Whether the function changes the request after creating it.
    static func isMutated(_ operation: OperationSpec) -> Bool {
        operation.sendsIdempotencyKey || operation.requestBody != nil || operation.timeout != nil
            || operation.parameters.contains { $0.placement == .query }
    }

    /// The request path: literal segments, and parameters percent-encoded as one segment each.
    /// A string parameter goes through `URLPathSegment.parameter`, which refuses a value no
    /// segment can carry (empty, `.`, `..`), so the path is a `try` expression when it has one.
    static func pathExpression(_ operation: OperationSpec) -> SwiftExpression {
        var parts: [SwiftExpression] = []
        var literal = ""
        var rest = Substring(operation.path)
        var throwing = false
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literal += rest[..<open]
            if !literal.isEmpty { parts.append(.string(literal)) }
            literal = ""
            let name = String(rest[rest.index(after: open)..<close])
            let type = operation.parameters.first { $0.name == name }?.type ?? .string
            let value = SwiftExpression.identifier(parameterName(name, of: operation))
            if type == .string {
                throwing = true
                parts.append(.call(.path("SDKRuntime", "URLPathSegment", "parameter"), [.init(value)]))
            } else {
                parts.append(.call(.path("SDKRuntime", "URLPathSegment", "encode"), [.init(text(value, type))]))
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.string(literal)) }
        let path = parts.dropFirst().reduce(parts.first ?? .string("/")) { .binary($0, "+", $1) }
        return throwing ? .tryExpression(path, optional: false) : path
    }

    /// A parameter value as text.
    static func text(_ value: SwiftExpression, _ type: TypeReference) -> SwiftExpression {
        type == .string ? value : .call(.type(.string), [.init(value)])
    }

    /// `<API>Operation`: every operation's method, path template, success status and errors.
    static func operationEnum(_ spec: Spec) -> SwiftDeclaration {
        let cases = spec.operations.map { (swift: SwiftNaming.caseName($0.name), spec: $0) }
        func property(_ name: String, _ doc: String, _ type: SwiftType, _ value: (OperationSpec) -> SwiftExpression)
            -> SwiftDeclaration
        {
            .property(
                SwiftProperty(
                    doc: [doc], name: name, type: type,
                    getter: [
                        .switchStatement(
                            .identifier("self"),
                            cases.map { SwiftSwitchCase([.member(nil, $0.swift)], [.returnStatement(value($0.spec))]) },
                            default: nil)
                    ]))
        }
        var members: [SwiftDeclaration] = cases.map {
            .enumCase(
                SwiftEnumCase(
                    doc: DocComment.lines("`\($0.spec.method) \($0.spec.path)`.", from: $0.spec.location),
                    name: $0.swift))
        }
        members.append(property("method", "The HTTP method.", .string) { .string($0.method) })
        members.append(
            property("pathTemplate", "The path with `{name}` where parameters go.", .string) { .string($0.path) })
        members.append(
            property("successStatus", "The status of a successful answer.", .int) { .integer(Int64($0.successStatus)) })
        members.append(
            property("errorCodes", "The error codes the operation may answer with.", .array(.string)) {
                .array($0.errors.map { .string($0) })
            })
        members.append(
            property("requiresIdempotencyKey", "Whether requests carry an `Idempotency-Key`.", .bool) {
                .bool($0.sendsIdempotencyKey)
            })
        return .type(
            SwiftTypeDeclaration(
                doc: ["The operations of the \(spec.title), with what a server needs to route them."],
                kind: .enumeration,
                name: spec.name + "Operation",
                conformances: [.swift("Hashable"), .swift("Sendable"), .swift("CaseIterable")], members: members))
    }
}
