extension PatternAutomaton {
    /// The state reached from `state` by reading `scalars`, or `nil` once no move applies.
    func state(after scalars: String.UnicodeScalarView, from state: Int) -> Int? {
        var current = state
        for scalar in scalars {
            guard current < states.count,
                let move = states[current].transitions.first(where: {
                    $0.ranges.contains { $0.contains(scalar.value) }
                })
            else { return nil }
            current = move.target
        }
        return current
    }

    /// Whether `piece` repeated `count` times matches, in time bounded by the number of states
    /// rather than by `count`: the state after each repetition is a function of the state
    /// before it, so the sequence of states cycles within `states.count + 1` repetitions.
    public func matches(repeating piece: String, count: Int) -> Bool {
        var current = 0
        var firstSeen: [Int: Int] = [0: 0]
        var visited = [0]
        var done = 0
        while done < count {
            guard let next = state(after: piece.unicodeScalars, from: current) else { return false }
            current = next
            done += 1
            if let start = firstSeen[current] {
                let cycle = done - start
                current = visited[start + (count - done) % cycle]
                done = count
            } else {
                firstSeen[current] = done
                visited.append(current)
            }
        }
        return current < states.count && states[current].isAccepting
    }
}
