/// A `PatternAutomaton` with every counted run folded into one state and a counter: the form the
/// generator renders, so that `[a-z0-9_]{0,63}` is one state counting up to 63 rather than 64
/// states in a row.
///
/// A counted run is a chain of automaton states `s0, s1, ..., sN` (at least
/// `minimumRunLength` of them) in which each `si` moves to `si+1` on the same scalars (the
/// repeated class), every state has the same other moves, no state but `s0` is entered from
/// anywhere except its predecessor in the chain, and input may end in a suffix of the chain
/// (acceptance never goes from yes back to no). In the folded state, `count` is the index of the
/// chain state the automaton is in: reading the class adds one up to `N`, then takes the move
/// `sN` has on it, if any; entering `s0` sets it to zero. Every other state is kept as it is, so
/// both forms accept exactly the same strings (`GeneratorTests` compares them).
public struct CountedAutomaton: Hashable, Sendable {
    /// The fewest chain states folded into one counted state; shorter chains stay states.
    public static let minimumRunLength = 3

    /// Where a move leads.
    public struct Target: Hashable, Sendable {
        /// The state moved to.
        public var state: Int
        /// Whether the move sets `count` to zero: it enters a counted state from a state where
        /// `count` may not be zero already.
        public var resetsCount: Bool
    }

    /// What reading a scalar of a move does.
    public enum Action: Hashable, Sendable {
        /// Goes to a state.
        case go(Target)
        /// In a counted state: one more repetition while `count` is below the state's
        /// `lastCount`; at it, goes to `exit`, or rejects when there is none.
        case repeatClass(exit: Target?)
    }

    /// The action taken on any scalar in `ranges`.
    public struct Move: Hashable, Sendable {
        /// Sorted, disjoint scalar ranges.
        public var ranges: [ClosedRange<UInt32>]
        /// What the scalar does.
        public var action: Action
    }

    /// One state: a plain one (`lastCount` 0) or a counted run.
    public struct State: Hashable, Sendable {
        /// The moves, disjoint, sorted by their lowest scalar.
        public var moves: [Move]
        /// The highest `count` of a counted state (the chain's length less one); 0 for a plain state.
        public var lastCount: Int
        /// The lowest `count` at which input may end here, or `nil` when it may not end here.
        public var acceptsFromCount: Int?

        /// Whether this state counts repetitions.
        public var isCounted: Bool { lastCount > 0 }
    }

    /// The states; state 0 is the start state, with `count` zero.
    public var states: [State]

    /// Whether any state counts, so that the rendered code needs a counter.
    public var counts: Bool { states.contains(where: \.isCounted) }

    /// Whether `value` matches, run the way the rendered code runs.
    public func matches(_ value: String) -> Bool {
        var state = 0
        var count = 0
        for scalar in value.unicodeScalars {
            guard
                let move = states[state].moves.first(where: { $0.ranges.contains { $0.contains(scalar.value) } })
            else { return false }
            let target: Target
            switch move.action {
            case .go(let destination):
                target = destination
            case .repeatClass(let exit):
                if count < states[state].lastCount {
                    count += 1
                    continue
                }
                guard let exit else { return false }
                target = exit
            }
            state = target.state
            if target.resetsCount { count = 0 }
        }
        return states[state].acceptsFromCount.map { count >= $0 } ?? false
    }
}
