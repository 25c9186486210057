/// Turns an identifier format into a namespace that makes new identifiers and recognises them.
enum IdentifierTranslator {
    /// The runtime modules an identifier needs beyond `SDKRuntime`: `SDKHashing` for a derived
    /// (`sha256Hex32`) body, so that a client without derived identifiers never links libcrypto.
    static func extraImports(_ identifier: IdentifierSpec) -> [String] {
        if case .sha256Hex32 = identifier.body { ["SDKHashing"] } else { [] }
    }

    static func declaration(_ identifier: IdentifierSpec) -> SwiftDeclaration {
        let prefixes = [identifier.prefix] + identifier.alsoRecognizedPrefixes
        var members: [SwiftDeclaration] = [
            .property(
                SwiftProperty(
                    doc: ["The prefix new identifiers get."], isStatic: true, name: "prefix", type: .string,
                    value: .string(identifier.prefix))),
            .property(
                SwiftProperty(
                    doc: ["Every prefix that marks this kind of identifier."], isStatic: true,
                    name: "recognizedPrefixes",
                    type: .array(.string), value: .array(prefixes.map { .string($0) }))),
        ]
        let body = SwiftExpression.path("SDKRuntime", "IdentifierBody")
        let make: SwiftFunction
        let bodyCheck: String
        switch identifier.body {
        case .uuid, .uuidHex32:
            let isUUID = identifier.body == .uuid
            bodyCheck = isUUID ? "isUUID" : "isHex32"
            make = SwiftFunction(
                doc: ["A new identifier: the prefix and a random UUID" + (isUUID ? "." : " as 32 hex digits.")],
                isStatic: true,
                name: "make", returnType: .string,
                body: [
                    .returnStatement(
                        .binary(
                            .path("Self", "prefix"), "+", .call(body.dot(isUUID ? "randomUUID" : "randomHex32"), [])))
                ])
        case .sha256Hex32(let input):
            bodyCheck = "isHex32"
            let parameter = SwiftNaming.memberName(input)
            make = SwiftFunction(
                doc: [
                    "The identifier for `\(SwiftNaming.plainMemberName(input))`: the prefix and the first 32 hex digits of the",
                    "unsalted SHA-256 of its UTF-8 bytes. The input itself cannot be read back from it.",
                ], isStatic: true, name: "make",
                parameters: [.init(label: "from", parameter, .string)], returnType: .string,
                body: [
                    .returnStatement(
                        .binary(
                            .path("Self", "prefix"), "+",
                            .call(body.dot("sha256Hex32"), [.init("of", .identifier(parameter))])))
                ])
        }
        members.append(.function(make))
        members.append(
            .function(
                SwiftFunction(
                    doc: [
                        "Whether `value` is an identifier of this kind: a recognised prefix and a well-formed body after",
                        "it (after any one of them, when one prefix starts another).",
                    ],
                    isStatic: true, name: "isValid", parameters: [.init(label: "_", "value", .string)],
                    returnType: .bool,
                    body: [
                        .forIn(
                            "prefix", .path("Self", "recognizedPrefixes"),
                            [
                                .ifStatement(
                                    [
                                        .optionalBinding(
                                            "rest",
                                            .call(
                                                body.dot("body"),
                                                [
                                                    .init("of", .identifier("value")),
                                                    .init("after", .identifier("prefix")),
                                                ])),
                                        // Not the first prefix that matches: with `u_` and
                                        // `u_old_`, `u_old_<uuid>` is valid after the second.
                                        .expression(.call(body.dot(bodyCheck), [.init(.identifier("rest"))])),
                                    ],
                                    then: [.returnStatement(.bool(true))],
                                    else: nil)
                            ]),
                        .returnStatement(.bool(false)),
                    ])))
        members.append(
            .function(
                SwiftFunction(
                    doc: ["Whether `value` starts with one of the recognised prefixes, whatever follows."],
                    isStatic: true,
                    name: "hasRecognizedPrefix", parameters: [.init(label: "_", "value", .string)], returnType: .bool,
                    body: [
                        .returnStatement(
                            .call(
                                .path("Self", "recognizedPrefixes", "contains"),
                                [
                                    .init(
                                        .closure(
                                            parameters: ["candidate"],
                                            body: [
                                                .expression(
                                                    .call(
                                                        .path("SDKRuntime", "TextChecks", "hasPrefix"),
                                                        [.init(.identifier("value")), .init(.identifier("candidate"))]))
                                            ]))
                                ]))
                    ])))
        return .type(
            SwiftTypeDeclaration(
                doc: DocComment.lines(identifier.doc, from: identifier.location, "identifier \(identifier.name)"),
                kind: .enumeration, name: SwiftNaming.typeName(identifier.name), members: members))
    }
}
