/// The `Codable` and `Hashable` members of a generated model, written out instead of left to the
/// compiler to synthesize.
///
/// Synthesized conformances cost a model several times its own compile time: a `CodingKeys`
/// enum with its own conformances, and bodies whose `==` and `decode` calls the type checker
/// must pick among many overloads. The written-out members call the runtime's
/// `ModelDecodingContainer`, `ModelEncodingContainer` and `ModelEquality`, each with a single
/// generic overload. Equality is written as `membersEqual`, which `MemberwiseEquatable` makes the
/// model's `==`: a `==` of each model's own would make every conformance check in the module
/// weigh them all. They behave as the synthesized ones do: members in spec order under their
/// wire names, unknown JSON members ignored, optional members absent or `null` when decoding and
/// left out when `nil` when encoding, equality and hashing over every member.
enum ModelConformanceTranslator {
    /// `init(from:)`, `encode(to:)`, `membersEqual(_:_:)` and `hash(into:)` for `model`.
    static func members(_ model: ModelSpec) -> [SwiftDeclaration] {
        let properties = model.properties.map { (name: SwiftNaming.memberName($0.name), spec: $0) }
        return [
            .function(decoder(properties)), .function(encoder(properties)), .function(equality(properties)),
            .function(hasher(properties)),
        ]
    }

    typealias Property = (name: String, spec: ModelSpec.Property)

    static func decoder(_ properties: [Property]) -> SwiftFunction {
        let container = SwiftExpression.call(.type(.runtime("ModelDecodingContainer")), [.init(.identifier("decoder"))])
        // Without members nothing is read, so any JSON value decodes, as with the synthesized
        // conformance.
        let body: [SwiftStatement] =
            properties.isEmpty
            ? []
            : [.binding(SwiftBinding("container", .tryExpression(container, optional: false)))]
                + properties.map { property in
                    let method = property.spec.type.isOptional ? "decodeIfPresent" : "decode"
                    return .assignment(
                        .member(.identifier("self"), property.name), "=",
                        .tryExpression(
                            .identifier("container").call(method, .init(.string(property.spec.wireName))),
                            optional: false))
                }
        return SwiftFunction(
            doc: [
                "Decodes the value from a JSON object: unknown members are ignored; optional members may be",
                "absent or `null`.",
            ],
            name: "init", parameters: [.init(label: "from", "decoder", .existential(.swift("Decoder")))],
            throwsType: .some(nil),
            body: body)
    }

    static func encoder(_ properties: [Property]) -> SwiftFunction {
        let container = SwiftExpression.call(.type(.runtime("ModelEncodingContainer")), [.init(.identifier("encoder"))])
        let body: [SwiftStatement] =
            properties.isEmpty
            ? [.assignment(.identifier("_"), "=", container)]
            : [.binding(SwiftBinding("container", container, isMutable: true))]
                + properties.map { property in
                    let method = property.spec.type.isOptional ? "encodeIfPresent" : "encode"
                    return .expression(
                        .tryExpression(
                            .identifier("container").call(
                                method, .init(.member(.identifier("self"), property.name)),
                                .init("as", .string(property.spec.wireName))),
                            optional: false))
                }
        return SwiftFunction(
            doc: [
                "Encodes the value as a JSON object, members in spec order; optional members that are `nil` are",
                "left out.",
            ],
            name: "encode", parameters: [.init(label: "to", "encoder", .existential(.swift("Encoder")))],
            throwsType: .some(nil),
            body: body)
    }

    static func equality(_ properties: [Property]) -> SwiftFunction {
        let comparisons: [SwiftStatement] = properties.map { property in
            .guardStatement(
                [
                    .expression(
                        .call(
                            .path("SDKRuntime", "ModelEquality", "equal"),
                            [
                                .init(.identifier("lhs").dot(property.name)),
                                .init(.identifier("rhs").dot(property.name)),
                            ]))
                ], else: [.returnStatement(.bool(false))])
        }
        return SwiftFunction(
            doc: ["Whether every member of `lhs` equals the same member of `rhs`."], isStatic: true,
            name: "membersEqual",
            parameters: [.init(label: "_", "lhs", .local("Self")), .init(label: "_", "rhs", .local("Self"))],
            returnType: .bool,
            body: comparisons + [.returnStatement(.bool(true))])
    }

    static func hasher(_ properties: [Property]) -> SwiftFunction {
        SwiftFunction(
            doc: ["Feeds every member, in spec order, to `hasher`."], name: "hash",
            parameters: [.init(label: "into", "hasher", .swift("Hasher"), isInout: true)],
            body: properties.map { property in
                .expression(.identifier("hasher").call("combine", .init(.member(.identifier("self"), property.name))))
            })
    }
}
