/// A deterministic automaton over the symbols of a `ScalarAlphabet`; a missing move rejects.
struct SymbolDFA: Sendable {
    /// One DFA state.
    struct State: Sendable {
        /// Whether input ending here matches.
        var isAccepting: Bool
        /// The defined moves as (symbol, target), sorted by symbol.
        var moves: [(symbol: Int, target: Int)]
    }

    /// The largest number of states a pattern's DFA may have.
    static let stateLimit = 10_000

    /// The states; state 0 is the start state.
    var states: [State]
    /// The alphabet the moves are labelled with.
    let alphabet: ScalarAlphabet

    /// A DFA with the given states over `alphabet`.
    init(states: [State], alphabet: ScalarAlphabet) {
        self.states = states
        self.alphabet = alphabet
    }

    /// The DFA of `nfa` by subset construction, states numbered in discovery order.
    init(determinizing nfa: PatternNFA) throws(PatternError) {
        let alphabet = ScalarAlphabet(refining: nfa.states.flatMap { $0.edges.map(\.scalars) })
        let edgeSymbols = nfa.states.map {
            $0.edges.map { (symbols: alphabet.symbols(of: $0.scalars), target: $0.target) }
        }
        var closures = EpsilonClosures(nfa)
        var subsets = [try closures.closure(of: [nfa.start])]
        var index: [[Int]: Int] = [subsets[0]: 0]
        var states: [State] = []
        var buckets = [[Int]](repeating: [], count: alphabet.symbols.count)
        var touched: [Int] = []
        var next = 0
        while next < subsets.count {
            for nfaState in subsets[next] {
                for edge in edgeSymbols[nfaState] {
                    try closures.spend(edge.symbols.count)
                    for symbol in edge.symbols {
                        if buckets[symbol].isEmpty { touched.append(symbol) }
                        buckets[symbol].append(edge.target)
                    }
                }
            }
            touched.sort()
            var targetOfBucket: [[Int]: Int] = [:]
            var moves: [(symbol: Int, target: Int)] = []
            for symbol in touched {
                if let known = targetOfBucket[buckets[symbol]] {
                    moves.append((symbol, known))
                } else {
                    let subset = try closures.closure(of: buckets[symbol])
                    let target: Int
                    if let known = index[subset] {
                        target = known
                    } else {
                        guard subsets.count < Self.stateLimit else {
                            throw .tooManyDFAStates(limit: Self.stateLimit)
                        }
                        target = subsets.count
                        index[subset] = target
                        subsets.append(subset)
                    }
                    targetOfBucket[buckets[symbol]] = target
                    moves.append((symbol, target))
                }
                buckets[symbol].removeAll(keepingCapacity: true)
            }
            touched.removeAll(keepingCapacity: true)
            states.append(State(isAccepting: subsets[next].contains(nfa.accept), moves: moves))
            next += 1
        }
        self.states = states
        self.alphabet = alphabet
    }
}
