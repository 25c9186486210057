/// The `paths` of the document: every operation under its path template, with its parameters,
/// request body, success response and one response per error status.
enum OpenAPIOperations {
    /// The component name of the error body every error response carries.
    static let errorBodyComponent = "sdkgen.ErrorBody"

    /// The path items, in the order their paths first appear in the spec.
    static func paths(_ spec: Spec) -> JSONLiteral {
        var order: [String] = []
        var byPath: [String: [JSONMember]] = [:]
        for operation in spec.operations {
            if byPath[operation.path] == nil { order.append(operation.path) }
            byPath[operation.path, default: []].append(
                JSONMember(name: operation.method.lowercased(), value: self.operation(operation, spec: spec)))
        }
        return .object(order.map { JSONMember(name: $0, value: .object(byPath[$0] ?? [])) })
    }

    /// The error body: `{"error": {"code": ..., "message": ...}}`, the shape every API of the
    /// runtime answers errors with.
    static var errorBody: JSONLiteral {
        .fields([
            ("type", .string("object")),
            ("description", .string("The body of every error response.")),
            (
                "properties",
                .fields([
                    (
                        "error",
                        .fields([
                            ("type", .string("object")),
                            (
                                "properties",
                                .fields([
                                    (
                                        "code",
                                        .fields([
                                            ("type", .string("string")), ("description", .string("The error code.")),
                                        ])
                                    ),
                                    (
                                        "message",
                                        .fields([
                                            ("type", .string("string")),
                                            ("description", .string("An explanation for developers.")),
                                        ])
                                    ),
                                ])
                            ),
                            ("required", .strings(["code", "message"])),
                        ])
                    )
                ])
            ),
            ("required", .strings(["error"])),
        ])
    }

    static func operation(_ operation: OperationSpec, spec: Spec) -> JSONLiteral {
        let parameters =
            operation.parameters.map { parameter($0, operation: operation) }
            + OpenAPIHeaders.references(spec.headers, operation: operation)
        return .fields([
            ("operationId", .string(operation.name)),
            ("description", operation.doc.isEmpty ? nil : .string(operation.doc)),
            ("parameters", parameters.isEmpty ? nil : .array(parameters)),
            ("requestBody", operation.requestBody.map { requestBody($0, operation: operation) }),
            ("responses", responses(operation, spec: spec)),
            (
                "x-sdkgen-timeout",
                operation.timeout.flatMap { name in OpenAPIExtensions.constant(named: name, in: spec) }
            ),
            ("x-sdkgen-idempotency-key", operation.sendsIdempotencyKey ? .bool(true) : nil),
            ("x-sdkgen-examples", operation.examples.isEmpty ? nil : .array(operation.examples.map(example))),
            JSONLiteral.source(operation.location),
        ])
    }

    private static func parameter(_ parameter: OperationSpec.Parameter, operation: OperationSpec) -> JSONLiteral {
        let schema =
            parameter.rule.map { OpenAPISchemas.reference(OpenAPIRuleSchemas.componentName($0)) }
            ?? OpenAPISchemas.schema(parameter.type.unwrapped)
        let examples = operation.examples.compactMap { example -> JSONMember? in
            guard let value = example.sentParameters.first(where: { $0.name == parameter.name })?.value else {
                return nil
            }
            return JSONMember(name: example.name, value: exampleObject(example, value: value))
        }
        return .fields([
            ("name", .string(parameter.name)),
            ("in", .string(parameter.placement.rawValue)),
            ("required", .bool(parameter.placement == .path || !parameter.type.isOptional)),
            ("description", parameter.doc.isEmpty ? nil : .string(parameter.doc)),
            ("schema", schema),
            ("examples", examples.isEmpty ? nil : .object(examples)),
            JSONLiteral.source(parameter.location),
        ])
    }

    private static func requestBody(_ model: String, operation: OperationSpec) -> JSONLiteral {
        let examples = operation.examples.compactMap { example in
            example.body.map { JSONMember(name: example.name, value: exampleObject(example, value: $0)) }
        }
        return .fields([
            ("required", .bool(true)),
            (
                "content",
                .fields([
                    (
                        "application/json",
                        .fields([
                            ("schema", OpenAPISchemas.reference(model)),
                            ("examples", examples.isEmpty ? nil : .object(examples)),
                        ])
                    )
                ])
            ),
        ])
    }

    /// The success response, then one response per error status in status order, its body
    /// limited to the codes the operation may answer with that status.
    private static func responses(_ operation: OperationSpec, spec: Spec) -> JSONLiteral {
        var members: [JSONMember] = []
        let success: JSONLiteral
        if let model = operation.responseBody {
            let examples = spec.models.first { $0.name == model }?.examples ?? []
            success = .fields([
                ("description", .string("Success: \(model).")),
                ("content", json(OpenAPISchemas.reference(model), examples: examples.enumerated().map(modelExample))),
            ])
        } else {
            success = .fields([("description", .string("Success, without a body."))])
        }
        members.append(JSONMember(name: String(operation.successStatus), value: success))
        let codes = operation.errors.compactMap { code in spec.errors.first { $0.code == code } }
        for status in Set(codes.map(\.status)).sorted() {
            let here = codes.filter { $0.status == status }
            let schema = JSONLiteral.fields([
                ("allOf", .array([OpenAPISchemas.reference(errorBodyComponent)])),
                (
                    "properties",
                    .fields([
                        (
                            "error",
                            .fields([
                                ("properties", .fields([("code", .fields([("enum", .strings(here.map(\.code)))]))]))
                            ])
                        )
                    ])
                ),
            ])
            let examples = here.map { error in
                JSONMember(
                    name: error.code,
                    value: .fields([
                        ("summary", .string(error.doc.isEmpty ? error.code : error.doc)),
                        (
                            "value",
                            .fields([
                                ("error", .fields([("code", .string(error.code)), ("message", .string(error.doc))]))
                            ])
                        ),
                    ]))
            }
            let response = JSONLiteral.fields([
                (
                    "description",
                    .string(here.map { $0.doc.isEmpty ? $0.code : "\($0.code): \($0.doc)" }.joined(separator: " "))
                ),
                ("content", json(schema, examples: examples)),
                ("headers", retryAfterStatuses.contains(status) ? retryAfterHeader : nil),
                ("x-sdkgen-errors", .array(here.map(OpenAPIExtensions.error))),
            ])
            members.append(JSONMember(name: String(status), value: response))
        }
        return .object(members)
    }

    /// The statuses whose answer may say when to try again, which generated clients wait for
    /// (`RetryPolicy`): too many requests, and unavailable.
    static let retryAfterStatuses: Set<Int> = [429, 503]

    /// The `Retry-After` header of such an answer. Made each time, not kept in a global: the
    /// fuzzers' leak check does not see a pointer an enum stores with its case bits as held.
    static var retryAfterHeader: JSONLiteral {
        JSONLiteral.fields([
            (
                "Retry-After",
                .fields([
                    (
                        "description",
                        .string("When to try again: a number of seconds, or an HTTP-date.")
                    ),
                    ("schema", .fields([("type", .string("string"))])),
                ])
            )
        ])
    }

    private static func json(_ schema: JSONLiteral, examples: [JSONMember]) -> JSONLiteral {
        .fields([
            (
                "application/json",
                .fields([("schema", schema), ("examples", examples.isEmpty ? nil : .object(examples))])
            )
        ])
    }

    private static func modelExample(_ item: (offset: Int, element: LocatedJSON)) -> JSONMember {
        JSONMember(
            name: "example \(item.offset + 1)",
            value: .fields([("value", item.element.value), JSONLiteral.source(item.element.location)]))
    }

    private static func exampleObject(_ example: OperationSpec.Example, value: JSONLiteral) -> JSONLiteral {
        .fields([
            ("summary", .string(example.name)), ("value", value),
            ("x-sdkgen-status", .integer(example.status)),
            ("x-sdkgen-error", example.errorCode.map { .string($0) }),
            JSONLiteral.source(example.location),
        ])
    }

    private static func example(_ example: OperationSpec.Example) -> JSONLiteral {
        .fields([
            ("name", .string(example.name)),
            ("parameters", example.sentParameters.isEmpty ? nil : .object(example.sentParameters)),
            ("body", example.body),
            ("status", .integer(example.status)),
            ("error", example.errorCode.map { .string($0) }),
            JSONLiteral.source(example.location),
        ])
    }
}
