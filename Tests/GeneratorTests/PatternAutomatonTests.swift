import Testing

@testable import SDKGenCore

/// Checks the shape promised by `PatternAutomaton` on every pattern of the property test:
/// canonical numbering and ordering, clean ranges, no dead states, and true minimality
/// (checked here by a plain Moore refinement, independent of the compiler's Hopcroft).
@Suite("PatternAutomaton", .timeLimit(.minutes(3)))
struct PatternAutomatonTests {
    static let patterns = PatternPropertyTests.patterns

    @Test("ranges are sorted, merged, disjoint and free of surrogates", arguments: patterns)
    func ranges(pattern: String) throws {
        let automaton = try PatternCompiler.compile(pattern)
        for state in automaton.states {
            let all = state.transitions.flatMap(\.ranges).sorted { $0.lowerBound < $1.lowerBound }
            for (range, next) in zip(all, all.dropFirst()) { #expect(range.upperBound < next.lowerBound) }
            #expect(!all.contains { $0.overlaps(ScalarSet.surrogates) || $0.upperBound > 0x10FFFF })
            for transition in state.transitions {
                let ranges = transition.ranges
                for (range, next) in zip(ranges, ranges.dropFirst()) {
                    #expect(range.upperBound + 1 < next.lowerBound || next.lowerBound == 0xE000)
                }
            }
            let lowest = state.transitions.compactMap { $0.ranges.first?.lowerBound }
            #expect(lowest == lowest.sorted())
            let targets = state.transitions.map(\.target)
            #expect(Set(targets).count == targets.count)
            #expect(targets.allSatisfy { automaton.states.indices.contains($0) })
        }
    }

    @Test(
        "states are numbered breadth-first from the start, following transitions in order",
        arguments: patterns)
    func numbering(pattern: String) throws {
        let automaton = try PatternCompiler.compile(pattern)
        var order = [0]
        var next = 0
        while next < order.count {
            for transition in automaton.states[order[next]].transitions
            where !order.contains(transition.target) {
                order.append(transition.target)
            }
            next += 1
        }
        #expect(order == Array(automaton.states.indices))
    }

    @Test("every state can still reach acceptance (no dead state)", arguments: patterns)
    func noDeadStates(pattern: String) throws {
        let automaton = try PatternCompiler.compile(pattern)
        var live = Set(automaton.states.indices.filter { automaton.states[$0].isAccepting })
        var changed = true
        while changed {
            changed = false
            for (index, state) in automaton.states.enumerated() where !live.contains(index) {
                if state.transitions.contains(where: { live.contains($0.target) }) {
                    live.insert(index)
                    changed = true
                }
            }
        }
        #expect(live.count == automaton.states.count)
    }

    @Test("no two states are equivalent", arguments: patterns)
    func minimal(pattern: String) throws {
        let automaton = try PatternCompiler.compile(pattern)
        #expect(Self.mooreClassCount(automaton) == automaton.states.count)
    }

    @Test("compiling twice gives equal automata", arguments: patterns)
    func deterministic(pattern: String) throws {
        #expect(try PatternCompiler.compile(pattern) == PatternCompiler.compile(pattern))
    }

    /// The number of equivalence classes of the states, by Moore's refinement over symbols cut
    /// at every range bound (a missing move goes to an implicit dead class, -1).
    static func mooreClassCount(_ automaton: PatternAutomaton) -> Int {
        let cuts = Set(
            automaton.states.flatMap {
                $0.transitions.flatMap { $0.ranges.flatMap { [$0.lowerBound, $0.upperBound + 1] } }
            })
        let probes = cuts.sorted().filter { $0 <= 0x10FFFF && !ScalarSet.surrogates.contains($0) }
        func target(_ state: Int, _ scalar: UInt32) -> Int {
            automaton.states[state].transitions.first { $0.ranges.contains { $0.contains(scalar) } }?
                .target ?? -1
        }
        var classes = automaton.states.map { $0.isAccepting ? 1 : 0 }
        while true {
            var numbering: [[Int]: Int] = [:]
            let refined = automaton.states.indices.map { state in
                let signature =
                    [classes[state]]
                    + probes.map { scalar in target(state, scalar) }.map { $0 < 0 ? -1 : classes[$0] }
                if let known = numbering[signature] { return known }
                numbering[signature] = numbering.count
                return numbering.count - 1
            }
            if Set(refined).count == Set(classes).count { return numbering.count }
            classes = refined
        }
    }
}
