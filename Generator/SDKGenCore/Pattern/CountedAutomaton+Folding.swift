extension CountedAutomaton {
    /// `automaton` with its counted runs folded, states numbered in the automaton's order (a run
    /// takes its first state's place), so the same pattern always yields the same result.
    public init(folding automaton: PatternAutomaton) {
        let source = automaton.states
        let runs = Self.runs(of: automaton)
        var runOfFirst: [Int: [Int]] = [:]
        var isLaterInRun = [Bool](repeating: false, count: source.count)
        for run in runs {
            runOfFirst[run[0]] = run
            for member in run.dropFirst() { isLaterInRun[member] = true }
        }
        // The folded number of each state; a run's later states share their first state's.
        var number = [Int](repeating: 0, count: source.count)
        var next = 0
        for index in source.indices where !isLaterInRun[index] {
            number[index] = next
            next += 1
        }
        for run in runs {
            for member in run.dropFirst() { number[member] = number[run[0]] }
        }
        func target(_ state: Int) -> Target {
            Target(state: number[state], resetsCount: runOfFirst[state] != nil)
        }
        var folded: [State] = []
        for (index, state) in source.enumerated() where !isLaterInRun[index] {
            guard let run = runOfFirst[index] else {
                folded.append(
                    State(
                        moves: state.transitions.map { Move(ranges: $0.ranges, action: .go(target($0.target))) },
                        lastCount: 0, acceptsFromCount: state.isAccepting ? 0 : nil))
                continue
            }
            let last = source[run[run.count - 1]].transitions
            let exit = last.first { !state.transitions.contains($0) }.map { target($0.target) }
            folded.append(
                State(
                    moves: state.transitions.map { move in
                        Move(
                            ranges: move.ranges,
                            action: move.target == run[1] ? .repeatClass(exit: exit) : .go(target(move.target)))
                    },
                    lastCount: run.count - 1, acceptsFromCount: run.firstIndex { source[$0].isAccepting }))
        }
        states = Self.resettingOnlyWhereNeeded(folded)
    }

    /// The counted runs of `automaton`, each as its chain of states, in the order of their
    /// first states.
    static func runs(of automaton: PatternAutomaton) -> [[Int]] {
        let states = automaton.states
        var entries = [Int](repeating: 0, count: states.count)
        for state in states {
            for move in state.transitions { entries[move.target] += 1 }
        }
        // A state's successor in a chain: entered from nowhere else, on a move whose scalars it
        // repeats (or not at all), with the same other moves.
        var successor = [Int?](repeating: nil, count: states.count)
        var hasPredecessor = [Bool](repeating: false, count: states.count)
        for (index, state) in states.enumerated() {
            for (position, move) in state.transitions.enumerated() {
                guard move.target != 0, move.target != index, entries[move.target] == 1 else { continue }
                var others = state.transitions
                others.remove(at: position)
                let following = states[move.target].transitions
                let added = following.filter { !others.contains($0) }
                guard others.allSatisfy(following.contains),
                    added.isEmpty || (added.count == 1 && added[0].ranges == move.ranges)
                else { continue }
                successor[index] = move.target
                hasPredecessor[move.target] = true
                break
            }
        }
        var runs: [[Int]] = []
        for first in states.indices where !hasPredecessor[first] && successor[first] != nil {
            var chain = [first]
            var current = first
            while let next = successor[current], chain.count < states.count {
                chain.append(next)
                current = next
            }
            // A run accepts from some count on: a chain that stops accepting is cut there.
            var run: [Int] = []
            for member in chain {
                if let previous = run.last, states[previous].isAccepting, !states[member].isAccepting {
                    if run.count >= minimumRunLength { runs.append(run) }
                    run = []
                }
                run.append(member)
            }
            if run.count >= minimumRunLength { runs.append(run) }
        }
        return runs
    }

    /// `states` with `count` set to zero on entering a counted state only from states that a
    /// counted state can reach: before the first counted state, `count` is still zero.
    private static func resettingOnlyWhereNeeded(_ states: [State]) -> [State] {
        func targets(_ state: State) -> [Int] {
            state.moves.compactMap { move in
                switch move.action {
                case .go(let target): target.state
                case .repeatClass(let exit): exit?.state
                }
            }
        }
        var mayHaveCount = states.map(\.isCounted)
        var pending = states.indices.filter { states[$0].isCounted }
        while let index = pending.popLast() {
            for target in targets(states[index]) where !mayHaveCount[target] {
                mayHaveCount[target] = true
                pending.append(target)
            }
        }
        return states.enumerated().map { index, state in
            func kept(_ target: Target) -> Target {
                Target(state: target.state, resetsCount: target.resetsCount && mayHaveCount[index])
            }
            var state = state
            for position in state.moves.indices {
                switch state.moves[position].action {
                case .go(let target): state.moves[position].action = .go(kept(target))
                case .repeatClass(let exit): state.moves[position].action = .repeatClass(exit: exit.map(kept))
                }
            }
            return state
        }
    }
}
