/// Turns a model into a `Codable`, `Hashable`, `Sendable` struct. Unknown JSON members are
/// ignored when decoding; optional members are left out when encoding `nil`. The conformances
/// are not synthesized: `ModelConformanceTranslator` writes what a model needs of them, and
/// `SDKRuntime.MemberwiseModel` the rest.
///
/// A member whose type is another model (or an optional one) is stored out of line, behind
/// `SDKRuntime.Indirect` or `SDKRuntime.OptionalIndirect`: each model's size is then bounded by its
/// own members, however deep the chain of models it refers to, and so is the code the compiler
/// writes to copy and destroy it.
enum ModelTranslator {
    /// The struct for `model`; `modelNames` are the spec's models, whose members are stored out of
    /// line.
    static func declaration(_ model: ModelSpec, modelNames: Set<String>) -> SwiftDeclaration {
        let typeName = SwiftNaming.typeName(model.name)
        var members: [SwiftDeclaration] = model.properties.map { property in
            .property(
                SwiftProperty(
                    doc: DocComment.lines(property.doc, from: property.location),
                    attributes: storageWrapper(property.type, modelNames: modelNames).map { [SwiftAttribute($0)] }
                        ?? [],
                    isMutable: true, name: SwiftNaming.memberName(property.name),
                    type: TypeMapping.swiftType(property.type)))
        }
        members.append(.function(initializer(model)))
        members += ModelConformanceTranslator.members(model)
        return .type(
            SwiftTypeDeclaration(
                doc: DocComment.lines(model.doc, from: model.location, "model \(model.name)"), kind: .structure,
                name: typeName,
                conformances: [.swift("Codable"), .swift("Hashable"), .swift("Sendable"), .runtime("MemberwiseModel")],
                members: members))
    }

    /// The property wrapper that stores a member of `type` out of line: one for a model, another
    /// for an optional model, none for anything else (lists and maps already are references).
    static func storageWrapper(_ type: TypeReference, modelNames: Set<String>) -> String? {
        switch type {
        case .named(let name) where modelNames.contains(name): "SDKRuntime.Indirect"
        case .optional(.named(let name)) where modelNames.contains(name): "SDKRuntime.OptionalIndirect"
        default: nil
        }
    }

    static func initializer(_ model: ModelSpec) -> SwiftFunction {
        SwiftFunction(
            doc: ["Creates a value with every member given; optional members default to `nil`."], name: "init",
            parameters: model.properties.map { property in
                let name = SwiftNaming.memberName(property.name)
                return SwiftFunction.Parameter(
                    label: nil, name, TypeMapping.swiftType(property.type),
                    default: property.type.isOptional ? .nilLiteral : nil)
            },
            body: model.properties.map { property in
                let name = SwiftNaming.memberName(property.name)
                return .assignment(.member(.identifier("self"), name), "=", .identifier(name))
            })
    }
}
