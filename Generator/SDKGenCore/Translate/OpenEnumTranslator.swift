/// Turns a spec enum into an open Swift enum: known values are cases, and any other value the
/// server sends is kept in `unknown(_:)` instead of failing to decode. The enum writes its cases,
/// `knownCases` and `rawValue`; `SDKRuntime.OpenStringEnum` reads a raw value from them.
enum OpenEnumTranslator {
    /// The declaration for `enumSpec`.
    static func declaration(_ enumSpec: EnumSpec) -> SwiftDeclaration {
        let cases = enumSpec.cases.map { (swift: SwiftNaming.caseName($0.nameSource), spec: $0) }
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
        let wireForms = cases.map { (swift: $0.swift, value: $0.spec.value) }
        members += openEnumMembers(wireForms, rawValueDoc: "The value as it is sent on the wire.")
        return .type(
            SwiftTypeDeclaration(
                doc: DocComment.lines(enumSpec.doc, from: enumSpec.location, "enum \(enumSpec.name)"),
                kind: .enumeration,
                name: SwiftNaming.typeName(enumSpec.name),
                conformances: [.runtime("OpenStringEnum")],
                members: members))
    }

    /// What every open enum writes for `SDKRuntime.OpenStringEnum` (`knownCases` and `rawValue`),
    /// given each known case's Swift name and wire form in spec order.
    static func openEnumMembers(_ cases: [(swift: String, value: String)], rawValueDoc: String) -> [SwiftDeclaration] {
        let knownCases = SwiftProperty(
            doc: ["Every value the contract knows, in spec order."], isStatic: true, name: "knownCases",
            type: .array(.local("Self")), value: .array(cases.map { .member(nil, $0.swift) }))
        let rawValue = SwiftProperty(
            doc: [rawValueDoc], name: "rawValue", type: .string,
            getter: [
                .switchStatement(
                    .identifier("self"),
                    cases.map { entry in
                        SwiftSwitchCase([.member(nil, entry.swift)], [.returnStatement(.string(entry.value))])
                    }
                        + [
                            SwiftSwitchCase(
                                [.call(.member(nil, "unknown"), [.init(.bindingPattern("value"))])],
                                [.returnStatement(.identifier("value"))])
                        ],
                    default: nil)
            ])
        return [.property(knownCases), .property(rawValue)]
    }
}
