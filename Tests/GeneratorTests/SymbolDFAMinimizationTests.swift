import SDKEmulator
import Testing

@testable import SDKGenCore

/// `SymbolDFA.minimized()` on random DFAs, against Moore's partition refinement written here the
/// plain way: the same language, and exactly as many states as the minimal DFA has (a partition
/// refined too little merges states that differ, one refined too much keeps states that do not).
@Suite("DFA minimization", .timeLimit(.minutes(3)))
struct SymbolDFAMinimizationTests {
    /// The scalars the random DFAs read.
    static let scalars: [Unicode.Scalar] = ["a", "b", "c"]
    /// An alphabet in which each of `scalars` is a symbol of its own.
    static let alphabet = ScalarAlphabet(refining: scalars.map { ScalarSet($0) })
    /// The symbol indices of `scalars`.
    static let letters = scalars.flatMap { alphabet.symbols(of: ScalarSet($0)) }

    @Test("random DFAs minimize to the minimal DFA's number of states, with the same language")
    func minimizedHasTheMinimalNumberOfStates() {
        var random = SeededRandomNumberGenerator(seed: 0xD1FA)
        let words = Self.words(upTo: 5)
        for _ in 0..<2_000 {
            let dfa = Self.randomDFA(using: &random)
            let minimized = dfa.minimized()
            #expect(minimized.states.count == Self.mooreStateCount(of: dfa), "\(Self.describe(dfa))")
            #expect(
                words.allSatisfy { Self.accepts(minimized, $0) == Self.accepts(dfa, $0) }, "\(Self.describe(dfa))")
        }
    }

    /// A DFA of 1 to 30 states over `letters`, each move present with probability 4/5.
    static func randomDFA(using random: inout SeededRandomNumberGenerator) -> SymbolDFA {
        let count = Int.random(in: 1...30, using: &random)
        let states = (0..<count).map { _ in
            SymbolDFA.State(
                isAccepting: Int.random(in: 0..<10, using: &random) < 3,
                moves: letters.compactMap { symbol in
                    Int.random(in: 0..<5, using: &random) == 0
                        ? nil : (symbol: symbol, target: Int.random(in: 0..<count, using: &random))
                })
        }
        return SymbolDFA(states: states, alphabet: alphabet)
    }

    /// The number of states of the minimal DFA equivalent to `dfa` without a dead state (one
    /// rejecting state for the empty language), by Moore's refinement of the states reachable
    /// from the start that can reach acceptance.
    static func mooreStateCount(of dfa: SymbolDFA) -> Int {
        var reachable: Set<Int> = [0]
        var stack = [0]
        while let state = stack.popLast() {
            for move in dfa.states[state].moves where reachable.insert(move.target).inserted {
                stack.append(move.target)
            }
        }
        var live = Set(dfa.states.indices.filter { dfa.states[$0].isAccepting })
        var grew = true
        while grew {
            grew = false
            for state in dfa.states.indices where !live.contains(state) {
                if dfa.states[state].moves.contains(where: { live.contains($0.target) }) {
                    live.insert(state)
                    grew = true
                }
            }
        }
        let kept = reachable.intersection(live).sorted()
        guard !kept.isEmpty else { return 1 }
        var classOf = Dictionary(uniqueKeysWithValues: kept.map { ($0, dfa.states[$0].isAccepting ? 1 : 0) })
        while true {
            var signatures: [[Int]: Int] = [:]
            var next: [Int: Int] = [:]
            for state in kept {
                let signature =
                    [classOf[state] ?? -1]
                    + letters.map { symbol in
                        dfa.states[state].moves.first { $0.symbol == symbol }.flatMap { classOf[$0.target] } ?? -1
                    }
                next[state] = signatures[signature] ?? signatures.count
                signatures[signature] = next[state]
            }
            if Set(next.values).count == Set(classOf.values).count { return signatures.count }
            classOf = next
        }
    }

    /// Whether `dfa` accepts `word`, a list of symbol indices (a missing move rejects).
    static func accepts(_ dfa: SymbolDFA, _ word: [Int]) -> Bool {
        var state = 0
        for symbol in word {
            guard let move = dfa.states[state].moves.first(where: { $0.symbol == symbol }) else { return false }
            state = move.target
        }
        return dfa.states[state].isAccepting
    }

    /// Every word over `letters` of at most `length` symbols.
    static func words(upTo length: Int) -> [[Int]] {
        var all: [[Int]] = [[]]
        var last: [[Int]] = [[]]
        for _ in 0..<length {
            last = last.flatMap { word in letters.map { word + [$0] } }
            all += last
        }
        return all
    }

    /// The DFA's states and moves, for a failure message.
    static func describe(_ dfa: SymbolDFA) -> String {
        dfa.states.enumerated().map { index, state in
            "\(index)\(state.isAccepting ? "*" : ""): "
                + state.moves.map { "\($0.symbol)→\($0.target)" }.joined(separator: " ")
        }.joined(separator: "; ")
    }
}
