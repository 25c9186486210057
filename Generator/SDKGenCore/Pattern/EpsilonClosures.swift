/// Computes epsilon closures of NFA state sets for subset construction, and meters the work.
///
/// A closure keeps only the states that decide what follows (those with scalar edges, and the
/// accepting state), so equivalent subsets get the same key.
struct EpsilonClosures {
    /// The most work (states visited plus symbols followed) one pattern may take to determinize.
    static let workLimit = 5_000_000

    /// The empty moves of each NFA state.
    private let epsilons: [[Int]]
    /// Whether each NFA state has scalar edges or accepts.
    private let isDecisive: [Bool]
    private var visited: [Int]
    private var generation = 0
    private var stack: [Int] = []
    private var work = 0

    /// A closure builder for `nfa`.
    init(_ nfa: PatternNFA) {
        epsilons = nfa.states.map(\.epsilons)
        isDecisive = nfa.states.indices.map { !nfa.states[$0].edges.isEmpty || $0 == nfa.accept }
        visited = [Int](repeating: 0, count: nfa.states.count)
    }

    /// The sorted decisive states reachable from `seeds` by empty moves (seeds included).
    mutating func closure(of seeds: [Int]) throws(PatternError) -> [Int] {
        generation += 1
        var result: [Int] = []
        for seed in seeds where visited[seed] != generation {
            visited[seed] = generation
            stack.append(seed)
        }
        while let state = stack.popLast() {
            try spend(1)
            if isDecisive[state] { result.append(state) }
            for next in epsilons[state] where visited[next] != generation {
                visited[next] = generation
                stack.append(next)
            }
        }
        result.sort()
        return result
    }

    /// Counts `amount` units of work, failing once the pattern has used up its budget.
    mutating func spend(_ amount: Int) throws(PatternError) {
        work += amount
        guard work <= Self.workLimit else { throw .tooMuchWork(limit: Self.workLimit) }
    }
}
