/// A minimal deterministic automaton over Unicode scalars that decides whether a string matches a
/// validation pattern, ready to be rendered as direct character checks.
///
/// Run it over `value.unicodeScalars`: start in state 0, follow the transition whose ranges hold
/// each scalar (no such transition: reject), and accept if the final state is accepting.
/// States are numbered breadth-first from the start state, transitions sorted by lowest scalar,
/// so the same pattern always yields an identical automaton.
public struct PatternAutomaton: Hashable, Sendable {
    /// A move to `target` on any scalar in `ranges`.
    public struct Transition: Hashable, Sendable {
        /// Sorted, disjoint, non-adjacent scalar ranges; none includes a surrogate.
        public var ranges: [ClosedRange<UInt32>]
        /// The state moved to.
        public var target: Int

        /// A move to `target` on the scalars in `ranges`.
        public init(ranges: [ClosedRange<UInt32>], target: Int) {
            self.ranges = ranges
            self.target = target
        }
    }

    /// One state of the automaton.
    public struct State: Hashable, Sendable {
        /// Whether the input may end here.
        public var isAccepting: Bool
        /// The moves out of this state, disjoint, sorted by their lowest scalar; each target
        /// appears at most once.
        public var transitions: [Transition]

        /// A state with the given acceptance and moves.
        public init(isAccepting: Bool, transitions: [Transition]) {
            self.isAccepting = isAccepting
            self.transitions = transitions
        }
    }

    /// The states; state 0 is the start state.
    public var states: [State]

    /// An automaton with the given states (state 0 starts).
    public init(states: [State]) {
        self.states = states
    }

    /// Whether `value` matches, judged scalar by scalar.
    public func matches(_ value: String) -> Bool {
        var current = 0
        for scalar in value.unicodeScalars {
            guard current < states.count,
                let move = states[current].transitions.first(where: {
                    $0.ranges.contains { $0.contains(scalar.value) }
                })
            else { return false }
            current = move.target
        }
        return current < states.count && states[current].isAccepting
    }
}

extension PatternAutomaton {
    /// The automaton of a DFA over symbols: moves to one target merge into one transition whose
    /// ranges are the symbols joined where they touch.
    init(_ dfa: SymbolDFA) {
        states = dfa.states.map { state in
            var rangesByTarget: [Int: [ClosedRange<UInt32>]] = [:]
            var targets: [Int] = []
            for move in state.moves {
                let symbol = dfa.alphabet.symbols[move.symbol]
                if rangesByTarget[move.target] == nil { targets.append(move.target) }
                var ranges = rangesByTarget[move.target, default: []]
                if let last = ranges.last, last.upperBound + 1 == symbol.lowerBound {
                    ranges[ranges.count - 1] = last.lowerBound...symbol.upperBound
                } else {
                    ranges.append(symbol)
                }
                rangesByTarget[move.target] = ranges
            }
            return State(
                isAccepting: state.isAccepting,
                transitions: targets.map { Transition(ranges: rangesByTarget[$0] ?? [], target: $0) })
        }
    }
}
