extension SymbolDFA {
    /// The equivalent DFA with the fewest states: states that cannot reach acceptance are dropped
    /// (a missing move rejects), equivalent states are merged (Hopcroft's partition refinement),
    /// and states are renumbered breadth-first from the start state, following moves by symbol.
    func minimized() -> SymbolDFA {
        let live = liveStates()
        guard live[0] else {
            return SymbolDFA(states: [State(isAccepting: false, moves: [])], alphabet: alphabet)
        }
        let pruned = states.map { state in
            State(isAccepting: state.isAccepting, moves: state.moves.filter { live[$0.target] })
        }
        let blocks = Self.equivalenceBlocks(of: pruned, live: live)
        return Self.renumbered(pruned, blocks: blocks, alphabet: alphabet)
    }

    /// Which states can reach an accepting state.
    private func liveStates() -> [Bool] {
        var predecessors = [[Int]](repeating: [], count: states.count)
        for (source, state) in states.enumerated() {
            for move in state.moves { predecessors[move.target].append(source) }
        }
        var live = states.map(\.isAccepting)
        var stack = live.indices.filter { live[$0] }
        while let state = stack.popLast() {
            for source in predecessors[state] where !live[source] {
                live[source] = true
                stack.append(source)
            }
        }
        return live
    }

    /// The block of each live state in the coarsest partition compatible with acceptance and
    /// moves (`-1` for states that are not live).
    private static func equivalenceBlocks(of states: [State], live: [Bool]) -> [Int] {
        var inverse = [[(symbol: Int, source: Int)]](repeating: [], count: states.count)
        for (source, state) in states.enumerated() where live[source] {
            for move in state.moves { inverse[move.target].append((move.symbol, source)) }
        }
        let liveIndices = states.indices.filter { live[$0] }
        var partition = RefinablePartition(
            count: states.count,
            initialBlocks: [
                liveIndices.filter { states[$0].isAccepting },
                liveIndices.filter { !states[$0].isAccepting },
            ])
        // The dead state is a block of its own that never splits, so it is never needed as a
        // splitter: refining by every other block determines the refinement by it too.
        var pending = Array(0..<partition.blockCount)
        var isPending = [Bool](repeating: true, count: partition.blockCount)
        while let splitter = pending.popLast() {
            isPending[splitter] = false
            var preimage: [Int: [Int]] = [:]
            for target in partition.members(of: splitter) {
                for (symbol, source) in inverse[target] { preimage[symbol, default: []].append(source) }
            }
            for symbol in preimage.keys.sorted() {
                for (kept, split) in partition.split(by: preimage[symbol] ?? []) {
                    isPending.append(false)
                    if isPending[kept] {
                        pending.append(split)
                        isPending[split] = true
                    } else {
                        let smaller = partition.size(of: split) <= partition.size(of: kept) ? split : kept
                        pending.append(smaller)
                        isPending[smaller] = true
                    }
                }
            }
        }
        return states.indices.map { live[$0] ? partition.block(of: $0) : -1 }
    }

    /// The quotient DFA of `states` by `blocks`, numbered breadth-first from the start state.
    private static func renumbered(_ states: [State], blocks: [Int], alphabet: ScalarAlphabet)
        -> SymbolDFA
    {
        var representative: [Int: Int] = [:]
        for state in states.indices where blocks[state] >= 0 && representative[blocks[state]] == nil {
            representative[blocks[state]] = state
        }
        var number = [blocks[0]: 0]
        var order = [blocks[0]]
        var result: [State] = []
        var next = 0
        while next < order.count {
            let state = states[representative[order[next]] ?? 0]
            var moves: [(symbol: Int, target: Int)] = []
            for move in state.moves {
                let block = blocks[move.target]
                if number[block] == nil {
                    number[block] = order.count
                    order.append(block)
                }
                moves.append((move.symbol, number[block] ?? 0))
            }
            result.append(State(isAccepting: state.isAccepting, moves: moves))
            next += 1
        }
        return SymbolDFA(states: result, alphabet: alphabet)
    }
}
