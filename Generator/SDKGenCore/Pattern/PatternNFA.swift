/// A Thompson NFA: states joined by scalar-set edges and empty (epsilon) moves, one accepting state.
struct PatternNFA: Sendable {
    /// One NFA state.
    struct State: Sendable {
        /// Moves that consume one scalar from the set.
        var edges: [(scalars: ScalarSet, target: Int)] = []
        /// Moves that consume nothing.
        var epsilons: [Int] = []
    }

    /// The largest number of states a pattern may expand to.
    static let stateLimit = 100_000

    /// The states; `start` and `accept` index into it.
    private(set) var states: [State] = []
    /// Where matching begins.
    private(set) var start = 0
    /// The only accepting state.
    private(set) var accept = 0

    /// The NFA of `pattern`; an unanchored side gets a loop over every scalar.
    init(_ pattern: ParsedPattern) throws(PatternError) {
        start = try addState()
        var entry = start
        if !pattern.anchoredAtStart {
            addEdge(from: start, .all, to: start)
            entry = try addState()
            states[start].epsilons.append(entry)
        }
        let end = try add(pattern.body, from: entry)
        accept = end
        if !pattern.anchoredAtEnd {
            accept = try addState()
            states[end].epsilons.append(accept)
            addEdge(from: accept, .all, to: accept)
        }
    }

    private mutating func addState() throws(PatternError) -> Int {
        guard states.count < Self.stateLimit else { throw .tooManyNFAStates(limit: Self.stateLimit) }
        states.append(State())
        return states.count - 1
    }

    private mutating func addEdge(from source: Int, _ scalars: ScalarSet, to target: Int) {
        states[source].edges.append((scalars, target))
    }

    /// Adds the states matching `node` after `entry`; returns the state reached at its end.
    private mutating func add(_ node: PatternNode, from entry: Int) throws(PatternError) -> Int {
        switch node {
        case .empty:
            return entry
        case .scalars(let set):
            let end = try addState()
            addEdge(from: entry, set, to: end)
            return end
        case .sequence(let parts):
            var current = entry
            for part in parts { current = try add(part, from: current) }
            return current
        case .alternation(let branches):
            let end = try addState()
            for branch in branches {
                let branchEntry = try addState()
                states[entry].epsilons.append(branchEntry)
                states[try add(branch, from: branchEntry)].epsilons.append(end)
            }
            return end
        case .repetition(let body, let minimum, let maximum):
            return try addRepetition(of: body, min: minimum, max: maximum, from: entry)
        }
    }

    private mutating func addRepetition(
        of body: PatternNode, min minimum: Int, max maximum: Int?, from entry: Int
    ) throws(PatternError) -> Int {
        var current = entry
        for _ in 0..<minimum { current = try add(body, from: current) }
        guard let maximum else {
            let loop = try addState()
            states[current].epsilons.append(loop)
            states[try add(body, from: loop)].epsilons.append(loop)
            return loop
        }
        guard maximum > minimum else { return current }
        let end = try addState()
        for _ in minimum..<maximum {
            states[current].epsilons.append(end)
            current = try add(body, from: current)
        }
        states[current].epsilons.append(end)
        return end
    }
}
