/// Renders a compiled pattern as a state machine over Unicode scalars: direct comparisons, no
/// regex engine at run time. A counted repetition of a class is one state with a counter
/// (`CountedAutomaton`), not one state per count; an automaton of one state needs no `state`.
enum PatternTranslator {
    /// `static func matchesPattern(_ value: String) -> Bool`.
    static func function(_ pattern: CompiledPatternSpec) -> SwiftFunction {
        let automaton = CountedAutomaton(folding: pattern.automaton)
        let hasStates = automaton.states.count > 1
        var cases: [SwiftSwitchCase] = []
        for (index, state) in automaton.states.enumerated() {
            for move in state.moves {
                let patterns: [SwiftExpression] = move.ranges.map { range in
                    let scalar: SwiftExpression =
                        range.lowerBound == range.upperBound
                        ? .integer(Int64(range.lowerBound))
                        : .closedRange(.integer(Int64(range.lowerBound)), .integer(Int64(range.upperBound)))
                    return hasStates ? .tuple([.integer(Int64(index)), scalar]) : scalar
                }
                let body = statements(move.action, lastCount: state.lastCount, hasStates: hasStates)
                cases.append(SwiftSwitchCase(patterns, body.isEmpty ? [.continueStatement] : body))
            }
        }
        var body: [SwiftStatement] = []
        if hasStates {
            body.append(.binding(SwiftBinding("state", type: .int, .integer(0), isMutable: true)))
        }
        if automaton.counts {
            body.append(.binding(SwiftBinding("count", type: .int, .integer(0), isMutable: true)))
        }
        if !cases.isEmpty {
            body.append(
                .forIn(
                    "scalar", .identifier("value").dot("unicodeScalars"),
                    [
                        .switchStatement(
                            hasStates
                                ? .tuple([.identifier("state"), .identifier("scalar").dot("value")])
                                : .identifier("scalar").dot("value"), cases,
                            default: [.returnStatement(.bool(false))])
                    ]))
        } else {
            body.append(
                .ifStatement(
                    [.expression(.prefix("!", .identifier("value").dot("isEmpty")))],
                    then: [.returnStatement(.bool(false))], else: nil))
        }
        body.append(acceptance(automaton))
        return SwiftFunction(
            doc: DocComment.wrapQuoting(
                "Whether `value` matches `\(pattern.source)`, checked Unicode scalar by Unicode scalar "
                    + "(a state machine the generator compiled from the pattern"
                    + (automaton.counts ? "; `count` counts repetitions of a class)." : ").")),
            isStatic: true, name: "matchesPattern", parameters: [.init(label: "_", "value", .string)],
            returnType: .bool, body: body)
    }

    /// What reading a scalar of a move does; `lastCount` is its state's highest count, and
    /// `hasStates` whether there is a `state` to set.
    private static func statements(
        _ action: CountedAutomaton.Action, lastCount: Int, hasStates: Bool
    ) -> [SwiftStatement] {
        let count = SwiftExpression.identifier("count")
        let increment = SwiftStatement.assignment(count, "+=", .integer(1))
        let below = SwiftCondition.expression(.binary(count, "<", .integer(Int64(lastCount))))
        switch action {
        case .go(let target):
            return statements(entering: target, hasStates: hasStates)
        case .repeatClass(exit: nil):
            return [.guardStatement([below], else: [.returnStatement(.bool(false))]), increment]
        case .repeatClass(exit: let exit?):
            return [.ifStatement([below], then: [increment], else: statements(entering: exit, hasStates: hasStates))]
        }
    }

    /// The assignments that move to `target` (none in an automaton of one state, whose moves
    /// stay in it and reset no count).
    private static func statements(entering target: CountedAutomaton.Target, hasStates: Bool) -> [SwiftStatement] {
        guard hasStates else { return [] }
        let move = SwiftStatement.assignment(.identifier("state"), "=", .integer(Int64(target.state)))
        return target.resetsCount ? [move, .assignment(.identifier("count"), "=", .integer(0))] : [move]
    }

    /// The final `switch state`: true in accepting states (from their lowest count, in a counted
    /// one), false elsewhere.
    private static func acceptance(_ automaton: CountedAutomaton) -> SwiftStatement {
        if automaton.states.count == 1 {
            return .returnStatement(accepts(from: automaton.states[0].acceptsFromCount))
        }
        let always = automaton.states.indices.filter { automaton.states[$0].acceptsFromCount == 0 }
        var cases: [SwiftSwitchCase] = []
        if !always.isEmpty {
            cases.append(SwiftSwitchCase(always.map { .integer(Int64($0)) }, [.returnStatement(.bool(true))]))
        }
        for (index, state) in automaton.states.enumerated() {
            guard let lowest = state.acceptsFromCount, lowest > 0 else { continue }
            cases.append(
                SwiftSwitchCase(
                    [.integer(Int64(index))],
                    [.returnStatement(accepts(from: lowest))]))
        }
        guard !cases.isEmpty else { return .returnStatement(.bool(false)) }
        return .switchStatement(.identifier("state"), cases, default: [.returnStatement(.bool(false))])
    }

    /// Whether input may end in a state that accepts from count `lowest` (`nil`: never).
    private static func accepts(from lowest: Int?) -> SwiftExpression {
        guard let lowest else { return .bool(false) }
        return lowest == 0 ? .bool(true) : .binary(.identifier("count"), ">=", .integer(Int64(lowest)))
    }
}
