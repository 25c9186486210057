/// Turns the spec's constants into static members of `<API>Constants`.
enum ConstantsTranslator {
    static func declaration(_ spec: Spec) -> SwiftDeclaration {
        .type(
            SwiftTypeDeclaration(
                doc: ["The numbers of the \(spec.title) contract."], kind: .enumeration, name: spec.name + "Constants",
                members: spec.constants.map { constant in
                    let (type, value): (SwiftType, SwiftExpression) =
                        switch constant.value {
                        case .durationMilliseconds(let milliseconds):
                            (.swift("Duration"), .call(.member(nil, "milliseconds"), [.init(.integer(milliseconds))]))
                        case .integer(let number): (.int, .integer(Int64(number)))
                        case .string(let text): (.string, .string(text))
                        }
                    return .property(
                        SwiftProperty(
                            doc: DocComment.lines(constant.doc, from: constant.location, "constant \(constant.name)"),
                            isStatic: true, name: SwiftNaming.memberName(constant.name), type: type, value: value))
                }))
    }
}
