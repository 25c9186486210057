/// The JSON Schemas of the document: one per model and enum under `components/schemas`, and the
/// schema of every type a spec can write.
enum OpenAPISchemas {
    /// A reference to the component schema `name`.
    static func reference(_ name: String) -> JSONLiteral {
        .fields([("$ref", .string("#/components/schemas/" + name))])
    }

    /// The schema of a value of `type`. An optional value may be absent or `null` (the generated
    /// decoders accept both); a `date` is an RFC 3339 string; an `integer` is 64-bit; a `number`
    /// is a finite `Double`.
    static func schema(_ type: TypeReference) -> JSONLiteral {
        switch type {
        case .string: .fields([("type", .string("string"))])
        case .integer:
            .fields([
                ("type", .string("integer")), ("format", .string("int64")),
                ("minimum", .number(String(Int64.min))), ("maximum", .number(String(Int64.max))),
            ])
        case .number:
            // Bounded, as `integer` is: a JSON number past the largest Double (`1e400`) fails to
            // decode.
            .fields([
                ("type", .string("number")), ("format", .string("double")),
                ("minimum", .number(String(-Double.greatestFiniteMagnitude))),
                ("maximum", .number(String(Double.greatestFiniteMagnitude))),
            ])
        case .boolean: .fields([("type", .string("boolean"))])
        case .date: .fields([("type", .string("string")), ("format", .string("date-time"))])
        case .json: .fields([])
        case .named(let name): reference(name)
        case .list(let element): .fields([("type", .string("array")), ("items", schema(element))])
        case .map(let value): .fields([("type", .string("object")), ("additionalProperties", schema(value))])
        case .optional(let wrapped): nullable(schema(wrapped))
        }
    }

    /// The schema of a value of `type` whose strings (a list's elements, for a list) pass the
    /// rule `rule`, if any: a reference to the rule's component (`PropertyRuleShape` says which
    /// types a member with a rule may have).
    static func schema(_ type: TypeReference, rule: String?) -> JSONLiteral {
        guard let rule else { return schema(type) }
        switch type {
        case .string: return reference(OpenAPIRuleSchemas.componentName(rule))
        case .optional(let wrapped): return nullable(schema(wrapped, rule: rule))
        case .list(let element): return .fields([("type", .string("array")), ("items", schema(element, rule: rule))])
        default: return schema(type)
        }
    }

    /// `schema`, also accepting `null`.
    static func nullable(_ schema: JSONLiteral) -> JSONLiteral {
        guard case .object(let members) = schema, !members.isEmpty else { return schema }
        if members.first?.name == "type", case .string(let type)? = members.first?.value {
            return .object([JSONMember(name: "type", value: .strings([type, "null"]))] + members.dropFirst())
        }
        return .fields([("anyOf", .array([schema, .fields([("type", .string("null"))])]))])
    }

    /// The schema of `model`: an object whose required members are the ones that are not
    /// optional. Members the model does not name are allowed (the generated decoders ignore
    /// them, so a server may add one), and its examples are the spec's.
    static func model(_ model: ModelSpec) -> JSONLiteral {
        let properties = model.properties.map { property in
            JSONMember(
                name: property.wireName,
                value: schema(property.type, rule: property.rule).adding([
                    ("description", property.doc.isEmpty ? nil : .string(property.doc)),
                    ("x-sdkgen-name", property.name == property.wireName ? nil : .string(property.name)),
                    JSONLiteral.source(property.location),
                ]))
        }
        let required = model.properties.filter { !$0.type.isOptional }.map(\.wireName)
        return .fields([
            ("type", .string("object")),
            ("description", model.doc.isEmpty ? nil : .string(model.doc)),
            ("properties", .object(properties)),
            ("required", required.isEmpty ? nil : .strings(required)),
            ("examples", model.examples.isEmpty ? nil : .array(model.examples.map(\.value))),
            JSONLiteral.source(model.location),
        ])
    }

    /// The schema of `enumSpec`, which stays open: any string is valid, the known values are
    /// listed by `anyOf` (so tools can offer them) and, with their docs, in `x-sdkgen-values`.
    static func openEnum(_ enumSpec: EnumSpec) -> JSONLiteral {
        .fields([
            ("type", .string("string")),
            ("description", enumSpec.doc.isEmpty ? nil : .string(enumSpec.doc)),
            (
                "anyOf",
                .array([
                    .fields([("enum", .strings(enumSpec.cases.map(\.value)))]),
                    .fields([
                        ("type", .string("string")), ("description", .string("A value added after this document.")),
                    ]),
                ])
            ),
            (
                "x-sdkgen-values",
                .array(
                    enumSpec.cases.map { enumCase in
                        .fields([
                            ("value", .string(enumCase.value)),
                            ("description", enumCase.doc.isEmpty ? nil : .string(enumCase.doc)),
                            JSONLiteral.source(enumCase.location),
                        ])
                    })
            ),
            ("x-sdkgen-open-enum", .bool(true)),
            JSONLiteral.source(enumSpec.location),
        ])
    }
}
