/// Renders a compiled pattern as a state machine over Unicode scalars: direct comparisons, no
/// regex engine at run time.
enum PatternTranslator {
    /// `static func matchesPattern(_ value: String) -> Bool`.
    static func function(_ pattern: CompiledPatternSpec) -> SwiftFunction {
        let automaton = pattern.automaton
        var cases: [SwiftSwitchCase] = []
        for (index, state) in automaton.states.enumerated() {
            for transition in state.transitions {
                let patterns: [SwiftExpression] = transition.ranges.map { range in
                    let scalar: SwiftExpression =
                        range.lowerBound == range.upperBound
                        ? .integer(Int64(range.lowerBound))
                        : .closedRange(.integer(Int64(range.lowerBound)), .integer(Int64(range.upperBound)))
                    return .tuple([.integer(Int64(index)), scalar])
                }
                cases.append(
                    SwiftSwitchCase(
                        patterns, [.assignment(.identifier("state"), "=", .integer(Int64(transition.target)))]))
            }
        }
        let accepting = automaton.states.indices.filter { automaton.states[$0].isAccepting }
        var body: [SwiftStatement] = [.binding(SwiftBinding("state", type: .int, .integer(0), isMutable: true))]
        if !cases.isEmpty {
            body.append(
                .forIn(
                    "scalar", .identifier("value").dot("unicodeScalars"),
                    [
                        .switchStatement(
                            .tuple([.identifier("state"), .identifier("scalar").dot("value")]), cases,
                            default: [.returnStatement(.bool(false))])
                    ]))
        } else {
            body.append(
                .ifStatement(
                    [.expression(.prefix("!", .identifier("value").dot("isEmpty")))],
                    then: [.returnStatement(.bool(false))], else: nil))
        }
        if accepting.isEmpty {
            body.append(.returnStatement(.bool(false)))
        } else {
            body.append(
                .switchStatement(
                    .identifier("state"),
                    [SwiftSwitchCase(accepting.map { .integer(Int64($0)) }, [.returnStatement(.bool(true))])],
                    default: [.returnStatement(.bool(false))]))
        }
        return SwiftFunction(
            doc: [
                "Whether `value` matches `\(pattern.source)`, checked Unicode scalar by Unicode scalar",
                "(a state machine the generator compiled from the pattern).",
            ],
            isStatic: true, name: "matchesPattern", parameters: [.init(label: "_", "value", .string)],
            returnType: .bool, body: body)
    }
}
