/// The header contract in the document: an `Authorization` field becomes a security scheme
/// (HTTP bearer when its template is `Bearer {value}`, otherwise an API key in that header, as
/// OpenAPI ignores header parameters named `Authorization`); every other field becomes a header
/// parameter of every operation, under `components/parameters`. The idempotency key is a
/// parameter of its own, required by every operation that sends one.
enum OpenAPIHeaders {
    /// The component name of the idempotency-key parameter.
    static let idempotencyKeyComponent = "header.Idempotency-Key"

    /// Whether `field` is the one carried by a security scheme.
    static func isAuthorization(_ field: HeaderContractSpec.Field) -> Bool {
        field.name.lowercased() == "authorization"
    }

    /// The component name of the header parameter of `field` (characters a component name may
    /// not hold become `_`).
    static func componentName(_ field: HeaderContractSpec.Field) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return "header." + String(field.name.map { allowed.contains($0) ? $0 : "_" })
    }

    /// The security schemes, by the name of the input they carry.
    static func securitySchemes(_ headers: HeaderContractSpec) -> [JSONMember] {
        headers.fields.filter(isAuthorization).map { field in
            let scheme: [(String, JSONLiteral?)] =
                field.template == "Bearer {value}"
                ? [("type", .string("http")), ("scheme", .string("bearer"))]
                : [("type", .string("apiKey")), ("in", .string("header")), ("name", .string(field.name))]
            return JSONMember(
                name: field.input,
                value: .fields(
                    scheme + [
                        ("description", field.doc.isEmpty ? nil : .string(field.doc)),
                        ("x-sdkgen-header", contract(field, headers)), JSONLiteral.source(field.location),
                    ]))
        }
    }

    /// The header parameters, by component name.
    static func parameters(_ headers: HeaderContractSpec?, spec: Spec) -> [JSONMember] {
        let fields = (headers?.fields ?? []).filter { !isAuthorization($0) }.map { field in
            JSONMember(name: componentName(field), value: parameter(field, headers))
        }
        guard spec.operations.contains(where: \.sendsIdempotencyKey) else { return fields }
        let idempotencyKey = JSONLiteral.fields([
            ("name", .string("Idempotency-Key")), ("in", .string("header")), ("required", .bool(true)),
            (
                "description",
                .string(
                    "A key the client chooses for one change; a request sent again with the same key is applied once.")
            ),
            (
                "schema",
                .fields([("type", .string("string")), ("pattern", .string(OpenAPIPatterns.idempotencyKey))])
            ),
        ])
        return fields + [JSONMember(name: idempotencyKeyComponent, value: idempotencyKey)]
    }

    /// References to the header parameters every request of `operation` carries.
    static func references(_ headers: HeaderContractSpec?, operation: OperationSpec) -> [JSONLiteral] {
        let names =
            (headers?.fields ?? []).filter { !isAuthorization($0) }.map(componentName)
            + (operation.sendsIdempotencyKey ? [idempotencyKeyComponent] : [])
        return names.map { .fields([("$ref", .string("#/components/parameters/" + $0))]) }
    }

    /// The security requirement of every operation: each scheme is needed.
    static func requirement(_ headers: HeaderContractSpec?) -> JSONLiteral? {
        let schemes = (headers?.fields ?? []).filter(isAuthorization).map {
            JSONMember(name: $0.input, value: .array([]))
        }
        return schemes.isEmpty ? nil : .array([.object(schemes)])
    }

    private static func parameter(_ field: HeaderContractSpec.Field, _ headers: HeaderContractSpec?) -> JSONLiteral {
        let kind = input(of: field, headers)?.kind ?? .string
        let (before, after) = templateParts(field.template)
        var schema: [(String, JSONLiteral?)] = [("type", .string("string"))]
        if kind == .boolean {
            schema.append(("enum", .strings(["true", "false"].map { before + $0 + after })))
        } else if !before.isEmpty || !after.isEmpty {
            schema.append(
                (
                    "pattern",
                    .string("^" + OpenAPIPatterns.literal(before) + ".*" + OpenAPIPatterns.literal(after) + "$")
                ))
        }
        return .fields([
            ("name", .string(field.name)), ("in", .string("header")),
            ("required", .bool(kind == .string || kind == .boolean)),
            ("description", field.doc.isEmpty ? nil : .string(field.doc)),
            ("schema", .fields(schema)),
            ("x-sdkgen-header", contract(field, headers)),
            JSONLiteral.source(field.location),
        ])
    }

    /// How the header's value is made, in the spec's terms.
    private static func contract(_ field: HeaderContractSpec.Field, _ headers: HeaderContractSpec?) -> JSONLiteral {
        let input = input(of: field, headers)
        let isList = input?.kind == .stringList
        return .fields([
            ("input", .string(field.input)),
            ("inputType", input.map { .string($0.kind.rawValue) }),
            ("inputDescription", input.flatMap { $0.doc.isEmpty ? nil : .string($0.doc) }),
            ("template", field.template == "{value}" ? nil : .string(field.template)),
            ("separator", isList ? .string(field.separator) : nil),
            ("maxItems", field.maxItems.map { .integer($0) }),
        ])
    }

    private static func input(of field: HeaderContractSpec.Field, _ headers: HeaderContractSpec?)
        -> HeaderContractSpec.Input?
    {
        headers?.inputs.first { $0.name == field.input }
    }

    /// The text before and after `{value}` in a template.
    private static func templateParts(_ template: String) -> (String, String) {
        guard let range = template.range(of: "{value}") else { return ("", "") }
        return (String(template[..<range.lowerBound]), String(template[range.upperBound...]))
    }
}
