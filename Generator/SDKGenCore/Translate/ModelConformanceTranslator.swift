/// What a generated model writes of its `Codable` and `Hashable` conformances, instead of
/// leaving them to the compiler to synthesize.
///
/// Synthesized conformances cost a model several times its own compile time: a `CodingKeys`
/// enum with its own conformances, and bodies whose `==` and `decode` calls the type checker
/// must pick among many overloads. A model writes `init(from:)`, which reads each member through
/// the runtime's `ModelDecodingContainer` (one generic overload per method) and passes them to
/// the memberwise initializer, and `members`, a table of wire names and key paths from which
/// `SDKRuntime.MemberwiseModel` derives `encode(to:)`, `==` and `hash(into:)`. They behave as the
/// synthesized ones do: members in spec order under their wire names, unknown JSON members
/// ignored, optional members absent or `null` when decoding and left out when `nil` when
/// encoding, equality and hashing over every member.
enum ModelConformanceTranslator {
    /// `init(from:)` and `members` for `model`.
    static func members(_ model: ModelSpec) -> [SwiftDeclaration] {
        let properties = model.properties.map { (name: SwiftNaming.memberName($0.name), spec: $0) }
        return [.function(decoder(properties)), .property(memberTable(properties))]
    }

    typealias Property = (name: String, spec: ModelSpec.Property)

    static func decoder(_ properties: [Property]) -> SwiftFunction {
        let container = SwiftExpression.call(.type(.runtime("ModelDecodingContainer")), [.init(.identifier("decoder"))])
        let arguments = properties.map { property in
            let method = property.spec.type.isOptional ? "decodeIfPresent" : "decode"
            return SwiftArgument(
                SwiftNaming.argumentLabel(property.spec.name),
                .identifier("container").call(method, .init(.string(property.spec.wireName))))
        }
        // Without members nothing is read, so any JSON value decodes, as with the synthesized
        // conformance.
        let body: [SwiftStatement] =
            properties.isEmpty
            ? []
            : [
                .binding(SwiftBinding("container", .tryExpression(container, optional: false))),
                .expression(.tryExpression(.call(.member(.identifier("self"), "init"), arguments), optional: false)),
            ]
        return SwiftFunction(
            doc: [
                "Decodes the value from a JSON object: unknown members are ignored; optional members may be",
                "absent or `null`.",
            ],
            name: "init", parameters: [.init(label: "from", "decoder", .existential(.swift("Decoder")))],
            throwsType: .some(nil),
            body: body)
    }

    /// `members`: each member's wire name and key path, in spec order.
    static func memberTable(_ properties: [Property]) -> SwiftProperty {
        SwiftProperty(
            doc: ["The members, in spec order: their wire names and where they are stored."], isStatic: true,
            name: "members", type: .array(.generic(["SDKRuntime", "ModelMember"], [.local("Self")])),
            value: .array(
                properties.map { property in
                    .call(
                        .member(nil, property.spec.type.isOptional ? "optional" : "required"),
                        [
                            .init(.string(property.spec.wireName)),
                            .init(.prefix("\\", .member(nil, property.name))),
                        ])
                }))
    }
}
