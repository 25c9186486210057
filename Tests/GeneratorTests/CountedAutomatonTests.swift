import Foundation
import SDKEmulator
import Testing

@testable import SDKGenCore

/// The counted form of a pattern (`CountedAutomaton`, what `matchesPattern` is rendered from)
/// accepts exactly the strings the plain automaton accepts.
@Suite("Counted automaton", .timeLimit(.minutes(3)))
struct CountedAutomatonTests {
    /// Patterns with counted runs: at the end, before and after other classes, overlapping
    /// classes, nested groups, runs that stop accepting, exact counts and open ends.
    static let countedPatterns = [
        "^[a-z][a-z0-9_]{0,63}$",
        "^[a-z]{1,64}$",
        "^x[0-9]{2,5}y$",
        "^[0-9]{2,5}[a-z]$",
        "^[a-c]{3,6}[a-z]{2,4}$",
        "^[a-z]{2,5}[a-c]{0,3}$",
        "^(?:ab[0-9]{3,5}){1,3}$",
        "^(?:[a-f]{4,6}-)+[0-9]{3}$",
        "[a-z]{3,5}",
        "^[a-z]{5}$",
        "^[a-z]{3,}$",
        "^(?:x[a-z]{2,4}|y[a-z]{4,6})$",
        "^[a-z]{2,4}(?:[0-9]{3,4})?$",
        "^[a-z]{0,3}[a-c]$",
        "^(?:[ab]{3}){2,3}$",
        "^[^x]{4,8}x$",
        "^.{0,70}$",
        "^(?:a{3,5}|b)*$",
        "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{12}$",
        "^(?:a{0,4}b){2}$",
    ]

    @Test("GroupTypeRule's pattern is two states, the second counting to 63")
    func groupTypeIsALoop() throws {
        let counted = CountedAutomaton(folding: try PatternCompiler.compile("^[a-z][a-z0-9_]{0,63}$"))
        #expect(counted.states.count == 2)
        #expect(counted.states.map(\.lastCount) == [0, 63])
        #expect(counted.states.map(\.acceptsFromCount) == [nil, 0])
    }

    @Test("patterns with a run of at least three states count it", arguments: countedPatterns.prefix(12))
    func foldsRuns(pattern: String) throws {
        let automaton = try PatternCompiler.compile(pattern)
        let counted = CountedAutomaton(folding: automaton)
        #expect(counted.counts)
        #expect(counted.states.count < automaton.states.count)
    }

    @Test(
        "counted and plain forms agree on sampled strings", arguments: countedPatterns + PatternPropertyTests.patterns)
    func agreesOnSamples(pattern: String) throws {
        let automaton = try PatternCompiler.compile(pattern)
        let counted = CountedAutomaton(folding: automaton)
        var sampler = PatternSampler(try PatternParser.parse(pattern))
        var generator = SeededRandomNumberGenerator(seed: 0xC0_0173D)
        var disagreements: [String] = []
        for index in 0..<3_000 {
            let value = sampler.sample(index, using: &generator)
            if counted.matches(value) != automaton.matches(value) { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(pattern): first disagreement \(disagreements.first.debugDescription)")
    }

    @Test(
        "counted and plain forms agree on every short string over the pattern's edge scalars",
        arguments: countedPatterns)
    func agreesExhaustively(pattern: String) throws {
        let automaton = try PatternCompiler.compile(pattern)
        let counted = CountedAutomaton(folding: automaton)
        let alphabet = Self.edgeScalars(of: automaton)
        var disagreements: [String] = []
        var checked = 0
        var layer: [String] = [""]
        // Every string up to the length whose layer would pass 30,000 strings.
        while !layer.isEmpty {
            for value in layer {
                checked += 1
                if counted.matches(value) != automaton.matches(value) { disagreements.append(value) }
            }
            layer =
                layer.count * alphabet.count > 30_000
                ? [] : layer.flatMap { prefix in alphabet.map { prefix + String($0) } }
        }
        #expect(checked > 5_000)
        #expect(disagreements.isEmpty, "\(pattern): first disagreement \(disagreements.first.debugDescription)")
    }

    @Test("counted and plain forms agree at each count of a run: below the lowest, at it, at the highest, past it")
    func agreesAtRunEdges() throws {
        let cases: [(pattern: String, prefix: String, piece: String, suffix: String, counts: ClosedRange<Int>)] = [
            ("^[a-z][a-z0-9_]{0,63}$", "a", "9", "", 0...66),
            ("^[a-z]{1,64}$", "", "q", "", 0...66),
            ("^x[0-9]{2,5}y$", "x", "7", "y", 0...7),
            ("^[0-9]{2,5}[a-z]$", "", "0", "z", 0...7),
            ("^[a-z]{0,3}[a-c]$", "", "b", "", 0...6),
            ("^[a-z]{0,3}[a-c]$", "", "z", "a", 0...6),
            ("^[a-c]{3,6}[a-z]{2,4}$", "", "a", "", 0...12),
            ("^[a-c]{3,6}[a-z]{2,4}$", "abc", "z", "", 0...6),
            ("^(?:ab[0-9]{3,5}){1,3}$", "ab", "5", "", 0...7),
            ("^(?:ab[0-9]{3,5}){1,3}$", "ab123ab", "5", "", 0...7),
            ("^.{0,70}$", "", "\u{1F600}", "", 68...72),
        ]
        for test in cases {
            let automaton = try PatternCompiler.compile(test.pattern)
            let counted = CountedAutomaton(folding: automaton)
            for count in test.counts {
                let value = test.prefix + String(repeating: test.piece, count: count) + test.suffix
                #expect(
                    counted.matches(value) == automaton.matches(value),
                    "\(test.pattern) on \(value.debugDescription)")
            }
        }
    }

    @Test("the rendered GroupTypeRule check is a loop of a few lines, not a state per count")
    func renderedLoopIsShort() throws {
        let pattern = CompiledPatternSpec(
            source: "^[a-z][a-z0-9_]{0,63}$", automaton: try PatternCompiler.compile("^[a-z][a-z0-9_]{0,63}$"))
        var writer = CodeWriter()
        SwiftRenderer.render(PatternTranslator.function(pattern), into: &writer)
        let text = writer.text
        #expect(text.split(separator: "\n").count < 30)
        #expect(text.contains("guard count < 63 else { return false }"))
        #expect(text.contains("count += 1"))
    }

    /// Scalars that tell the automaton's moves apart: both ends of each move's first range, and
    /// one scalar no move takes.
    static func edgeScalars(of automaton: PatternAutomaton) -> [Unicode.Scalar] {
        var values = Set<UInt32>()
        for state in automaton.states {
            for move in state.transitions {
                values.formUnion([move.ranges[0].lowerBound, move.ranges[0].upperBound])
            }
        }
        return values.sorted().compactMap(Unicode.Scalar.init) + ["\u{7}"]
    }
}
