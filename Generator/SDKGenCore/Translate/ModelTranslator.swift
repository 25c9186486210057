/// Turns a model into a `Codable`, `Hashable`, `Sendable` struct. Unknown JSON members are
/// ignored when decoding; optional members are left out when encoding `nil`. The conformances
/// are written out by `ModelConformanceTranslator`, not synthesized.
enum ModelTranslator {
    static func declaration(_ model: ModelSpec) -> SwiftDeclaration {
        let typeName = SwiftNaming.typeName(model.name)
        var members: [SwiftDeclaration] = model.properties.map { property in
            .property(
                SwiftProperty(
                    doc: DocComment.lines(property.doc, from: property.location), isMutable: true,
                    name: SwiftNaming.memberName(property.name), type: TypeMapping.swiftType(property.type)))
        }
        members.append(.function(initializer(model)))
        members += ModelConformanceTranslator.members(model)
        return .type(
            SwiftTypeDeclaration(
                doc: DocComment.lines(model.doc, from: model.location, "model \(model.name)"), kind: .structure,
                name: typeName, conformances: [.swift("Codable"), .swift("Hashable"), .swift("Sendable")],
                members: members))
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
