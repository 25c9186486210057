/// Turns a spec enum into an open Swift enum: known values are cases, and any other value the
/// server sends is kept in `unknown(_:)` instead of failing to decode.
enum OpenEnumTranslator {
    /// The declaration for `enumSpec`.
    static func declaration(_ enumSpec: EnumSpec) -> SwiftDeclaration {
        let cases = enumSpec.cases.map { (swift: SwiftNaming.memberName($0.value), spec: $0) }
        var members: [SwiftDeclaration] = cases.map { entry in
            .enumCase(
                SwiftEnumCase(
                    doc: DocComment.lines(
                        entry.spec.doc.isEmpty ? "`\(entry.spec.value)`." : entry.spec.doc, from: entry.spec.location),
                    name: entry.swift))
        }
        members.append(
            .enumCase(
                SwiftEnumCase(
                    doc: ["A value this version of the contract does not know, kept as it was sent."], name: "unknown",
                    associatedValues: [.string])))
        members.append(
            .property(
                SwiftProperty(
                    doc: ["Every value the contract knows, in spec order."], isStatic: true, name: "knownCases",
                    type: .array(.local("Self")), value: .array(cases.map { .member(nil, $0.swift) }))))
        members.append(.function(rawInitializer(cases)))
        members.append(.property(rawValueProperty(cases)))
        return .type(
            SwiftTypeDeclaration(
                doc: DocComment.lines(enumSpec.doc, from: enumSpec.location, "enum \(enumSpec.name)"),
                kind: .enumeration,
                name: SwiftNaming.typeName(enumSpec.name),
                conformances: [.runtime("OpenStringEnum")],
                members: members))
    }

    static func rawInitializer(_ cases: [(swift: String, spec: EnumSpec.Case)]) -> SwiftFunction {
        SwiftFunction(
            doc: ["The case for `rawValue`; a value the contract does not know becomes `unknown(rawValue)`."],
            name: "init", parameters: [.init("rawValue", .string)],
            body: [
                .switchStatement(
                    .identifier("rawValue"),
                    cases.map { entry in
                        SwiftSwitchCase(
                            [.string(entry.spec.value)],
                            [.assignment(.identifier("self"), "=", .member(nil, entry.swift))])
                    },
                    default: [
                        .assignment(
                            .identifier("self"), "=", .call(.member(nil, "unknown"), [.init(.identifier("rawValue"))]))
                    ])
            ])
    }

    static func rawValueProperty(_ cases: [(swift: String, spec: EnumSpec.Case)]) -> SwiftProperty {
        SwiftProperty(
            doc: ["The value as it is sent on the wire."], name: "rawValue", type: .string,
            getter: [
                .switchStatement(
                    .identifier("self"),
                    cases.map { entry in
                        SwiftSwitchCase([.member(nil, entry.swift)], [.returnStatement(.string(entry.spec.value))])
                    }
                        + [
                            SwiftSwitchCase(
                                [.call(.member(nil, "unknown"), [.init(.bindingPattern("value"))])],
                                [.returnStatement(.identifier("value"))])
                        ],
                    default: nil)
            ])
    }
}
