/// Exports a spec as an OpenAPI 3.1 document, for the tools of the API ecosystem (validators,
/// mock servers, documentation, other languages' generators, property-based testers).
///
/// The document is JSON, written the same way on every run: objects keep the spec's order and
/// the text is indented by `OpenAPIJSONWriter`. Each element names the spec line it came from in
/// `x-sdkgen-source`. `Spec/README.md` lists how every construct of the language maps to
/// OpenAPI and what is carried only in `x-sdkgen-` extensions.
public enum OpenAPIExporter {
    /// The folder below the output root that holds every spec's document.
    public static let folder = "OpenAPI"

    /// The document's path relative to the output root: `OpenAPI/<Name>.openapi.json`.
    public static func path(for spec: Spec) -> String {
        "\(folder)/\(spec.name).openapi.json"
    }

    /// The document's text.
    public static func text(for spec: Spec) -> String {
        OpenAPIJSONWriter.text(document(spec))
    }

    /// The document as a JSON value.
    static func document(_ spec: Spec) -> JSONLiteral {
        let schemas =
            spec.models.map { JSONMember(name: $0.name, value: OpenAPISchemas.model($0)) }
            + spec.enums.map { JSONMember(name: $0.name, value: OpenAPISchemas.openEnum($0)) }
            + spec.rules.map {
                JSONMember(name: OpenAPIRuleSchemas.componentName($0.name), value: OpenAPIRuleSchemas.schema($0))
            }
            + spec.identifiers.map {
                JSONMember(name: "identifiers." + $0.name, value: OpenAPIExtensions.identifier($0))
            }
            + [JSONMember(name: OpenAPIOperations.errorBodyComponent, value: OpenAPIOperations.errorBody)]
        let parameters = OpenAPIHeaders.parameters(spec.headers, spec: spec)
        let securitySchemes = spec.headers.map(OpenAPIHeaders.securitySchemes) ?? []
        return .fields([
            ("x-sdkgen-generated", .string(GeneratedFileHeader.jsonNotice(specFile: spec.file))),
            ("openapi", .string("3.1.0")),
            (
                "info",
                .fields([
                    ("title", .string(spec.title.isEmpty ? spec.name : spec.title)),
                    ("version", .string(spec.version)),
                    ("description", spec.doc.isEmpty ? nil : .string(spec.doc)),
                    ("x-sdkgen-name", .string(spec.name)),
                    ("x-sdkgen-source", .string(spec.file)),
                ])
            ),
            ("security", OpenAPIHeaders.requirement(spec.headers)),
            ("paths", OpenAPIOperations.paths(spec)),
            (
                "components",
                .fields([
                    ("schemas", .object(schemas)),
                    ("parameters", parameters.isEmpty ? nil : .object(parameters)),
                    ("securitySchemes", securitySchemes.isEmpty ? nil : .object(securitySchemes)),
                ])
            ),
            ("x-sdkgen-constants", OpenAPIExtensions.constants(spec)),
            ("x-sdkgen-errors", OpenAPIExtensions.errors(spec)),
            ("x-sdkgen-header-contract", spec.headers.map(OpenAPIExtensions.headerContract)),
        ])
    }
}
