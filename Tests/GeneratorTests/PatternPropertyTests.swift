import SDKEmulator
import Testing

@testable import SDKGenCore

/// Compares compiled automata with Swift Regex on many generated strings.
///
/// The reference is `(try? Regex(pattern).matchingSemantics(.unicodeScalar).firstMatch(in: s)) != nil`:
/// `^` and `$` anchor to the whole input in Swift Regex, so for `^...$` this equals `wholeMatch`,
/// which is checked as well for those patterns.
@Suite("Pattern property", .timeLimit(.minutes(3)))
struct PatternPropertyTests {
    static let patterns = [
        "^[a-z][a-z0-9_]{0,63}$",
        "^(a|b)*abb$",
        "ab+c",
        "^x(?:yz|y)*z?$",
        "[0-9]{3}-[0-9]{4}$",
        "^(?:[A-Fa-f0-9]{2}){2,4}$",
        "^vh_anon_[0-9a-f]{8}-[0-9a-f]{4}$",
        "^\\$MBJ(?:Anonymous|External)ID:[0-9a-f]{4,6}$",
        "^[^a-c]+$",
        "^.{2,3}$",
        "a.c",
        "^(?:(?:ab|c)d|e(?:f|gh)+)+$",
        "^[-a]z[a-]$",
        "^[\\]\\[\\-\\\\]{1,3}$",
        "^a{2}b{0,2}c{1,}$",
        "^(|x|xy)z$",
        "^é+[😀-😂]?$",
        "^e\u{301}+x$",
        "(?:ab|ba){2}",
        "^[\\n\\t ]*x[\\r]?$",
        "^[.|()*+?{}$^]+$",
        "\\.\\*\\+\\?\\(\\)\\{\\}\\|\\/\\^\\$\\\\-#",
        "^[a-c&~x]{1,2}$",
        "^((a|b)(c|d)?)*e$",
        "^[^\\n]*$",
        "^(?:[a-z]+\\.)*[a-z]{2,3}$",
        "x*$",
        "^[0-9]+(?:\\.[0-9]{1,2})?$",
        "^$",
        "^\u{1F1FA}\u{1F1F8}+$",
        "a|b|cd",
        "^[\u{7F}-\u{A0}\u{2027}-\u{202A}]{1,2}$",
        "^(?:a?){3}b$",
        "^[^\\]^]{2}$",
        "^(?:[a-z]{1,3}(?:-[a-z0-9]{1,4})*)$",
        "^ab?c",
        "^[^-a](?:)()a{0}b{0,0}[\\^a^] [\\f]$",
        "^(?:x||y)(?:ab){2,}$",
        "^!\"#%&',:;<=>@_`~ [!\"#%&',:;<=>@_`~ ]$",
        "^\\$MBJAnonymousID:[0-9a-f]{32}$",
        "^vh_anon_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
        "^(?:(?:a|bc){1,2}d){2,3}$",
        "[😀-😂]+.",
        "[^é😀\\n]{2}$",
    ]

    /// Strings generated per pattern (over 200,000 in all).
    static let samplesPerPattern = 5_000

    @Test("automaton agrees with Swift Regex (unicodeScalar semantics) on generated strings")
    func agreesWithRegex() async throws {
        var generator = SeededRandomNumberGenerator(seed: 0x5EED_0F_DFA)
        var comparison = Comparison()
        for pattern in Self.patterns {
            try comparison.run(pattern, samples: Self.samplesPerPattern, using: &generator)
            // Long CPU-bound loop: let the other tests of the parallel run (servers among them) move.
            await Task.yield()
        }
        #expect(comparison.total >= 100_000)
        #expect(
            comparison.failures == 0,
            "\(comparison.failures) disagreements; first: \(comparison.first ?? "")")
    }

    /// Fragments random patterns are assembled from: supported syntax, edge cases of it, and
    /// syntax the compiler refuses (so that refusals and acceptances mix).
    static let fragments = [
        "a", "b", "é", "😀", "e\u{301}", " ", "-", ".", "[ab]", "[^a]", "[a-c]", "[-a]", "[a-]", "[.^$]",
        "\\.", "\\-", "\\n", "\\\\", "[\\]]", "(", ")", "(?:", "|", "*", "+", "?", "{2}", "{1,3}",
        "{0,}", "{0}", "^", "$", "{", "}", "[", "]", "\\d", "(?=", "[^\\n]",
        "(?:)", "()", "\\^", "\\$", "[\\^a]", "[a^]", "\\t", "\r\n", "{,2}", "\u{200D}", "\u{1F3FD}",
        "\u{0600}", "\u{301}",
    ]

    @Test("every random pattern the compiler accepts means the same as in Swift Regex")
    func randomPatternsAgree() async throws {
        var generator = SeededRandomNumberGenerator(seed: 0xF00D)
        var comparison = Comparison()
        var accepted = 0
        for round in 0..<3_000 {
            if round % 50 == 0 { await Task.yield() }
            let pattern = (0..<Int.random(in: 1...7, using: &generator))
                .map { _ in Self.fragments.randomElement(using: &generator) ?? "a" }.joined()
            guard (try? PatternCompiler.compile(pattern)) != nil else { continue }
            accepted += 1
            guard (try? Regex(pattern)) != nil else {
                Issue.record("compiler accepts \(pattern.debugDescription) but Swift Regex refuses it")
                continue
            }
            try comparison.run(pattern, samples: 40, using: &generator)
        }
        #expect(accepted >= 500)
        #expect(
            comparison.failures == 0,
            "\(comparison.failures) disagreements; first: \(comparison.first ?? "")")
    }

    /// Runs patterns against Swift Regex and keeps the tally and the first counterexample.
    struct Comparison {
        var total = 0
        var failures = 0
        var first: String?

        /// Compares `pattern`'s automaton with Swift Regex on `samples` generated strings:
        /// `firstMatch` always, and `wholeMatch` too on every fourth string of a `^...$` pattern.
        mutating func run(_ pattern: String, samples: Int, using generator: inout SeededRandomNumberGenerator) throws {
            let automaton = try PatternCompiler.compile(pattern)
            let parsed = try PatternParser.parse(pattern)
            let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
            let checksWholeMatch = parsed.anchoredAtStart && parsed.anchoredAtEnd
            var sampler = PatternSampler(parsed)
            for index in 0..<samples {
                let value = sampler.sample(index, using: &generator)
                let expected = (try regex.firstMatch(in: value)) != nil
                let actual = automaton.matches(value)
                var agrees = expected == actual
                if checksWholeMatch, index % 4 == 0 {
                    let whole = (try regex.wholeMatch(in: value)) != nil
                    agrees = agrees && whole == actual
                }
                total += 1
                guard !agrees else { continue }
                failures += 1
                if first == nil {
                    let scalars = value.unicodeScalars.map { "U+" + String($0.value, radix: 16) }
                    first =
                        "pattern \(pattern.debugDescription) on \(value.debugDescription) "
                        + "(\(scalars.joined(separator: " "))): Regex says \(expected), automaton says \(actual)"
                }
            }
        }
    }
}

/// Generates strings near a pattern's language: samples of its syntax tree (with repeat counts
/// sometimes one outside the allowed range), mutations of them, and random strings over an
/// alphabet of the pattern's own scalars, their neighbours, newlines, non-ASCII and emoji.
struct PatternSampler {
    private let pattern: ParsedPattern
    private let alphabet: [Unicode.Scalar]

    init(_ pattern: ParsedPattern) {
        self.pattern = pattern
        var scalars = Set<UInt32>([
            0x0, 0x09, 0x0A, 0x0D, 0x20, 0x2D, 0x30, 0x41, 0x5F, 0x61, 0x85, 0xE9, 0x301, 0x2028, 0x1F600,
            0x10FFFF,
        ])
        Self.collect(pattern.body, into: &scalars)
        alphabet = scalars.sorted().compactMap(Unicode.Scalar.init)
    }

    /// The `index`-th sample: a third each of plain samples, mutated samples and random strings.
    mutating func sample(_ index: Int, using generator: inout SeededRandomNumberGenerator) -> String {
        var scalars: [Unicode.Scalar] = []
        switch index % 3 {
        case 0:
            scalars = generated(using: &generator)
        case 1:
            scalars = generated(using: &generator)
            for _ in 0...Int.random(in: 0...2, using: &generator) { mutate(&scalars, using: &generator) }
        default:
            for _ in 0..<Int.random(in: 0...10, using: &generator) {
                scalars.append(alphabet.randomElement(using: &generator) ?? "a")
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private func generated(using generator: inout SeededRandomNumberGenerator) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        if !pattern.anchoredAtStart, Bool.random(using: &generator) {
            scalars.append(randomScalar(&generator))
        }
        emit(pattern.body, into: &scalars, using: &generator)
        if !pattern.anchoredAtEnd, Bool.random(using: &generator) {
            scalars.append(randomScalar(&generator))
        }
        return scalars
    }

    private func emit(
        _ node: PatternNode, into scalars: inout [Unicode.Scalar], using generator: inout SeededRandomNumberGenerator
    ) {
        switch node {
        case .empty:
            break
        case .scalars(let set):
            scalars.append(Self.member(of: set, using: &generator))
        case .sequence(let parts):
            for part in parts { emit(part, into: &scalars, using: &generator) }
        case .alternation(let branches):
            if let branch = branches.randomElement(using: &generator) {
                emit(branch, into: &scalars, using: &generator)
            }
        case .repetition(let body, let minimum, let maximum):
            var count = Int.random(
                in: minimum...min(maximum ?? (minimum + 3), minimum + 6), using: &generator)
            if Int.random(in: 0..<8, using: &generator) == 0 {
                count += Bool.random(using: &generator) ? 1 : -1
            }
            for _ in 0..<max(0, count) { emit(body, into: &scalars, using: &generator) }
        }
    }

    private func mutate(_ scalars: inout [Unicode.Scalar], using generator: inout SeededRandomNumberGenerator) {
        let position = Int.random(in: 0...scalars.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            scalars.insert(randomScalar(&generator), at: position)
        case 1 where position < scalars.count:
            scalars.remove(at: position)
        case 2 where position < scalars.count:
            scalars[position] = randomScalar(&generator)
        default:
            let end = Int.random(in: position...scalars.count, using: &generator)
            scalars.insert(contentsOf: scalars[position..<end], at: end)
        }
    }

    private func randomScalar(_ generator: inout SeededRandomNumberGenerator) -> Unicode.Scalar {
        alphabet.randomElement(using: &generator) ?? "a"
    }

    /// A member of `set`, often a range end so that boundaries are exercised.
    private static func member(of set: ScalarSet, using generator: inout SeededRandomNumberGenerator) -> Unicode.Scalar
    {
        guard let range = set.ranges.randomElement(using: &generator) else { return "a" }
        let value =
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: range.lowerBound
            case 1: range.upperBound
            default: UInt32.random(in: range, using: &generator)
            }
        return Unicode.Scalar(value) ?? "a"
    }

    /// The pattern's scalars: small sets whole, and the ends of every range with their neighbours.
    private static func collect(_ node: PatternNode, into scalars: inout Set<UInt32>) {
        switch node {
        case .empty:
            break
        case .scalars(let set):
            for range in set.ranges {
                if range.count <= 8 { scalars.formUnion(range) }
                for value in [range.lowerBound, range.upperBound] {
                    scalars.formUnion([value &- 1, value, value &+ 1].filter { Unicode.Scalar($0) != nil })
                }
            }
        case .sequence(let parts), .alternation(let parts):
            for part in parts { collect(part, into: &scalars) }
        case .repetition(let body, _, _):
            collect(body, into: &scalars)
        }
    }
}
