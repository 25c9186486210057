import Foundation

/// Turns the header contract into `<API>RequestHeaders`: a value holding the inputs, whose
/// `fields` are the exact headers to send, in contract order.
enum HeaderTranslator {
    static func typeName(_ spec: Spec) -> String { spec.name + "RequestHeaders" }

    static func swiftType(_ kind: HeaderContractSpec.Input.Kind) -> SwiftType {
        switch kind {
        case .string: .string
        case .optionalString: .optional(.string)
        case .boolean: .bool
        case .stringList: .array(.string)
        }
    }

    static func declaration(_ contract: HeaderContractSpec, spec: Spec) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = contract.inputs.map { input in
            .property(
                SwiftProperty(
                    doc: DocComment.lines(input.doc, from: input.location), isMutable: true,
                    name: SwiftNaming.memberName(input.name), type: swiftType(input.kind)))
        }
        for field in contract.fields where field.maxItems != nil {
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["The most items `\(field.name)` carries."], isStatic: true,
                        name: "max" + SwiftNaming.typeName(field.name) + "Items", type: .int,
                        value: .integer(Int64(field.maxItems ?? 0)))))
        }
        members.append(
            .function(
                SwiftFunction(
                    doc: ["Headers from every input; optional inputs default to absent."], name: "init",
                    parameters: contract.inputs.map { input in
                        .init(
                            SwiftNaming.memberName(input.name), swiftType(input.kind),
                            default: input.kind == .optionalString ? .nilLiteral : nil)
                    },
                    body: contract.inputs.map { input in
                        let name = SwiftNaming.memberName(input.name)
                        return .assignment(.member(.identifier("self"), name), "=", .identifier(name))
                    })))
        var body: [SwiftStatement] = [
            .binding(SwiftBinding("fields", type: .array(.runtime("HTTPField")), .array([]), isMutable: true))
        ]
        let inputs = Dictionary(contract.inputs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for field in contract.fields {
            guard let input = inputs[field.input] else { continue }
            body += append(field, input: input)
        }
        body.append(.returnStatement(.identifier("fields")))
        members.append(
            .property(
                SwiftProperty(
                    doc: ["The header fields to send, in contract order; absent inputs send no field."], name: "fields",
                    type: .array(.runtime("HTTPField")), getter: body)))
        let lines = contract.fields.flatMap { field in
            DocComment.wrap("- `\(field.name)`: " + (field.doc.isEmpty ? "from `\(field.input)`." : field.doc))
        }
        return .type(
            SwiftTypeDeclaration(
                doc: DocComment.lines("The headers every \(spec.name) request carries:", from: nil) + lines + [""]
                    + DocComment.remark(contract.location, "headers"),
                kind: .structure, name: typeName(spec), conformances: [.swift("Hashable"), .swift("Sendable")],
                members: members))
    }

    /// The statements appending `field` to `fields`.
    static func append(_ field: HeaderContractSpec.Field, input: HeaderContractSpec.Input) -> [SwiftStatement] {
        let parts = field.template.components(separatedBy: "{value}")
        func wrapped(_ value: SwiftExpression) -> SwiftExpression {
            var expression = value
            if let before = parts.first, !before.isEmpty { expression = .binary(.string(before), "+", expression) }
            if parts.count > 1, let after = parts.last, !after.isEmpty {
                expression = .binary(expression, "+", .string(after))
            }
            return expression
        }
        func appendField(_ value: SwiftExpression) -> SwiftStatement {
            .expression(
                .call(
                    .path("fields", "append"),
                    [
                        .init(
                            .call(
                                .type(.runtime("HTTPField")),
                                [.init("name", .string(field.name)), .init("value", wrapped(value))]))
                    ]))
        }
        let name = SwiftNaming.memberName(input.name)
        switch input.kind {
        case .string:
            return [appendField(.identifier(name))]
        case .optionalString:
            return [
                .ifStatement(
                    [.optionalBinding("value", .identifier(name))], then: [appendField(.identifier("value"))], else: nil
                )
            ]
        case .boolean:
            return [appendField(.call(.type(.string), [.init(.identifier(name))]))]
        case .stringList:
            var items = SwiftExpression.identifier(name)
            if field.maxItems != nil {
                items = .call(
                    .member(items, "prefix"), [.init(.path("Self", "max" + SwiftNaming.typeName(field.name) + "Items"))]
                )
            }
            return [
                .ifStatement(
                    [.expression(.prefix("!", .identifier(name).dot("isEmpty")))],
                    then: [
                        appendField(.call(.member(items, "joined"), [.init("separator", .string(field.separator))]))
                    ], else: nil)
            ]
        }
    }
}
