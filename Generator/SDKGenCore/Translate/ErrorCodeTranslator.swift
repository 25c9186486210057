/// Turns the spec's error codes into an open enum, and gives `APIError` a typed view of them.
enum ErrorCodeTranslator {
    static func typeName(_ spec: Spec) -> String { spec.name + "ErrorCode" }

    static func declarations(_ spec: Spec) -> [SwiftDeclaration] {
        let cases = spec.errors.map { (swift: SwiftNaming.caseName($0.code), spec: $0) }
        let name = typeName(spec)
        var members: [SwiftDeclaration] = cases.map { entry in
            .enumCase(
                SwiftEnumCase(
                    doc: DocComment.lines(
                        "`\(entry.spec.code)` (\(entry.spec.status)): \(entry.spec.doc)", from: entry.spec.location),
                    name: entry.swift))
        }
        members.append(
            .enumCase(
                SwiftEnumCase(
                    doc: ["A code this version of the contract does not know."], name: "unknown",
                    associatedValues: [.string])))
        members += OpenEnumTranslator.openEnumMembers(
            cases.map { (swift: $0.swift, value: $0.spec.code) }, rawValueDoc: "The code as sent.")
        members.append(
            .property(
                SwiftProperty(
                    doc: ["The status the contract sends this code with, when it is known."], name: "status",
                    type: .optional(.int),
                    getter: [
                        .switchStatement(
                            .identifier("self"),
                            cases.map {
                                SwiftSwitchCase(
                                    [.member(nil, $0.swift)], [.returnStatement(.integer(Int64($0.spec.status)))])
                            }
                                + [SwiftSwitchCase([.member(nil, "unknown")], [.returnStatement(.nilLiteral)])],
                            default: nil)
                    ])))
        members.append(
            .property(
                SwiftProperty(
                    doc: ["How a client treats this code, when it is known."], name: "category",
                    type: .optional(.named(["SDKRuntime", "APIError", "Category"])),
                    getter: [
                        .switchStatement(
                            .identifier("self"),
                            cases.map {
                                SwiftSwitchCase(
                                    [.member(nil, $0.swift)],
                                    [.returnStatement(.member(nil, $0.spec.category.rawValue))])
                            }
                                + [SwiftSwitchCase([.member(nil, "unknown")], [.returnStatement(.nilLiteral)])],
                            default: nil)
                    ])))
        let enumDeclaration = SwiftDeclaration.type(
            SwiftTypeDeclaration(
                doc: ["The error codes of the \(spec.title) contract."], kind: .enumeration, name: name,
                conformances: [.runtime("OpenStringEnum")], members: members))
        let accessor = SwiftDeclaration.type(
            SwiftTypeDeclaration(
                doc: ["A typed view of the error code of a \(spec.name) response."], kind: .extension,
                name: "SDKRuntime.APIError",
                members: [
                    .property(
                        SwiftProperty(
                            doc: ["The response's error code as a `\(name)`, when the response carried one."],
                            name: SwiftNaming.plainMemberName(spec.name) + "Code", type: .optional(.local(name)),
                            getter: [
                                .returnStatement(
                                    .call(
                                        .identifier("code").dot("map"),
                                        [
                                            .init(
                                                .closure(
                                                    parameters: [],
                                                    body: [
                                                        .expression(
                                                            .call(
                                                                .identifier(name),
                                                                [.init("rawValue", .identifier("$0"))]))
                                                    ]))
                                        ]))
                            ]))
                ]))
        return [enumDeclaration, accessor]
    }
}
