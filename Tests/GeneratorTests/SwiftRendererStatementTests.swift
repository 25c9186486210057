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
}
