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
      $0.edges.map { (alphabet.symbols(of: $0.scalars), $0.target) }
    }
    var subsets = [nfa.closure(of: [nfa.start])]
    var index: [[Int]: Int] = [subsets[0]: 0]
    var states: [State] = []
    var next = 0
    while next < subsets.count {
      var targets: [Int: [Int]] = [:]
      for nfaState in subsets[next] {
        for (symbols, target) in edgeSymbols[nfaState] {
          for symbol in symbols { targets[symbol, default: []].append(target) }
        }
      }
      var moves: [(symbol: Int, target: Int)] = []
      for symbol in targets.keys.sorted() {
        let subset = nfa.closure(of: targets[symbol] ?? [])
        if let known = index[subset] {
          moves.append((symbol, known))
        } else {
          guard subsets.count < Self.stateLimit else {
            throw .tooManyDFAStates(limit: Self.stateLimit)
          }
          index[subset] = subsets.count
          moves.append((symbol, subsets.count))
          subsets.append(subset)
        }
      }
      states.append(State(isAccepting: subsets[next].contains(nfa.accept), moves: moves))
      next += 1
    }
    self.states = states
    self.alphabet = alphabet
  }
}
