import Testing

@testable import SDKGenCore

/// Statements the renderer writes that no spec of the repository happens to need.
@Suite("Swift renderer: statements", .timeLimit(.minutes(3)))
struct SwiftRendererStatementTests {
    @Test("a binding without a value is declared with its type and nothing after it")
    func aBindingWithoutAValue() {
        let int = SwiftType.named(["Swift", "Int"])
        var writer = CodeWriter()
        SwiftRenderer.statements(
            [
                .binding(SwiftBinding("count", type: int, nil, isMutable: true)),
                .binding(SwiftBinding("total", type: int, nil)),
            ], into: &writer)
        let type = SwiftRenderer.type(int)
        #expect(writer.text.split(separator: "\n") == ["var count: \(type)", "let total: \(type)"])
    }

    /// A call long enough to need more than one line at a limit of 40 columns.
    static let longCall = SwiftExpression.call(
        .path("Decoder", "decode"), [.init(nil, .identifier("someModelType")), .init("from", .identifier("body"))])

    @Test("a condition that does not fit with its brace leaves the brace on a line of its own, as swift format does")
    func anIfWhoseConditionWrapsHasItsBraceAlone() {
        var writer = CodeWriter(lineLimit: 40)
        SwiftRenderer.statements(
            [
                .ifStatement([.optionalBinding("body", Self.longCall)], then: [.returnStatement(nil)], else: nil),
                .ifStatement(
                    [.expression(.binary(Self.longCall, "==", .nilLiteral))], then: [.returnStatement(nil)], else: nil),
            ], into: &writer)
        #expect(
            writer.text.split(separator: "\n") == [
                "if let body = Decoder.decode(",
                "    someModelType,",
                "    from: body)",
                "{",
                "    return",
                "}",
                "if Decoder.decode(",
                "    someModelType,",
                "    from: body)",
                "    == nil",
                "{",
                "    return",
                "}",
            ])
    }

    @Test("a guard whose one condition does not fit puts guard alone and the condition a level deeper")
    func aGuardWithOneLongCondition() {
        var writer = CodeWriter(lineLimit: 40)
        SwiftRenderer.statements(
            [
                .guardStatement(
                    [.optionalBinding("body", Self.longCall)], else: [.returnStatement(nil), .returnStatement(nil)])
            ],
            into: &writer)
        #expect(
            writer.text.split(separator: "\n") == [
                "guard",
                "    let body = Decoder.decode(",
                "        someModelType,",
                "        from: body)",
                "else {",
                "    return",
                "    return",
                "}",
            ])
    }

    @Test("an assignment too long even when its value is broken breaks after the operator, as swift format does")
    func aLongAssignmentBreaksAfterItsOperator() {
        var writer = CodeWriter(lineLimit: 40)
        let name = "averyveryverylongmembername"
        SwiftRenderer.statements(
            [
                .assignment(.member(.identifier("self"), name), "=", .identifier(name)),
                .assignment(.member(.identifier("self"), "short"), "=", .identifier("short")),
                .assignment(.member(.identifier("self"), "body"), "=", Self.longCall),
            ], into: &writer)
        #expect(
            writer.text.split(separator: "\n") == [
                "self.\(name) =",
                "    \(name)",
                "self.short = short",
                "self.body = Decoder.decode(",
                "    someModelType,",
                "    from: body)",
            ])
    }
}
