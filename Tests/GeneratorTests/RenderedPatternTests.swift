import Foundation
import SDKEmulator
import TestSupport
import Testing

@testable import SDKGenCore

/// The `matchesPattern` functions the generator writes, compiled with the toolchain's `swiftc`
/// and run on many strings, accept exactly what the plain automaton accepts: counted states,
/// exits from them, counts reset between runs, and automata of one state.
@Suite("Rendered pattern checks", .timeLimit(.minutes(3)))
struct RenderedPatternTests {
    /// The counted patterns, and automata of one state with and without a count.
    static let patterns =
        CountedAutomatonTests.countedPatterns + ["^[a-z]*$", "^[A-Za-z0-9_-]{1,64}$", "^x{3,}$", "^$", "[0-9]"]

    @Test("compiled checks agree with the automaton on sampled, short and edge strings")
    func compiledChecksAgree() async throws {
        let automata = try Self.patterns.map { try PatternCompiler.compile($0) }
        var inputs: [(pattern: Int, value: String)] = []
        for (index, pattern) in Self.patterns.enumerated() {
            inputs += try Self.values(for: pattern, automaton: automata[index]).map { (index, $0) }
        }
        let lines = inputs.map { input in
            ([String(input.pattern)] + input.value.unicodeScalars.map { String($0.value, radix: 16) })
                .joined(separator: " ")
        }
        let program = Self.program(automata)
        let input = lines.joined(separator: "\n") + "\n"
        let answers = try await offPool { try Toolchain.output(of: program, input: input) }
            .split(separator: "\n")
        try #require(answers.count == inputs.count)
        var disagreements: [String] = []
        for (input, answer) in zip(inputs, answers)
        where (answer == "1") != automata[input.pattern].matches(input.value) {
            disagreements.append("\(Self.patterns[input.pattern]) on \(input.value.debugDescription)")
        }
        #expect(inputs.count > 20_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements; first: \(disagreements.first ?? "")")
    }

    /// A program with one rendered check per automaton that reads `index scalar...` lines (hex
    /// scalars) and prints 1 or 0 for each.
    static func program(_ automata: [PatternAutomaton]) -> String {
        var writer = CodeWriter()
        for (index, automaton) in automata.enumerated() {
            writer.block("enum Check\(index) {") { writer in
                SwiftRenderer.render(
                    PatternTranslator.function(CompiledPatternSpec(source: patterns[index], automaton: automaton)),
                    into: &writer)
            }
        }
        writer.line("let checks: [(String) -> Bool] = [")
        writer.indented { writer in
            for index in automata.indices { writer.line("Check\(index).matchesPattern,") }
        }
        writer.line("]")
        writer.block("while let line = readLine() {") { writer in
            writer.line("let fields = line.split(separator: \" \")")
            writer.line("var scalars = String.UnicodeScalarView()")
            writer.line(
                "for field in fields.dropFirst() { scalars.append(Unicode.Scalar(UInt32(field, radix: 16)!)!) }")
            writer.line("print(checks[Int(fields[0])!](String(scalars)) ? \"1\" : \"0\")")
        }
        return writer.text
    }

    /// Strings for `pattern`: samples near its language, every string of up to four of its edge
    /// scalars, and each class of the automaton repeated up to 70 times.
    static func values(for pattern: String, automaton: PatternAutomaton) throws -> [String] {
        var sampler = PatternSampler(try PatternParser.parse(pattern))
        var generator = SeededRandomNumberGenerator(seed: 0x5EED_C0DE)
        var values = (0..<600).map { sampler.sample($0, using: &generator) }
        let alphabet = CountedAutomatonTests.edgeScalars(of: automaton)
        var layer = [""]
        for _ in 0...4 where layer.count < 3_000 {
            values += layer
            layer = layer.flatMap { prefix in alphabet.map { prefix + String($0) } }
        }
        for scalar in alphabet {
            for prefix in ["", "a", "x", "ab", "ab1"] {
                values += (0...70).map { prefix + String(repeating: String(scalar), count: $0) }
            }
        }
        return values
    }
}
