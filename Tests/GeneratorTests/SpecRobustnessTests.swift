import Foundation
import SDKEmulator
import SDKGenCore
import Testing

/// The loader never crashes: thousands of seeded mutations of the real specs each end in a spec
/// or in located errors.
@Suite("Spec loader robustness", .timeLimit(.minutes(3)))
struct SpecRobustnessTests {
    static func mutate(_ text: String, using random: inout SeededRandomNumberGenerator) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = Int.random(in: 0..<lines.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: lines.remove(at: index)
        case 1: lines.insert(lines[index], at: index)
        case 2: lines[index] = "  " + lines[index]
        case 3: lines[index] = String(lines[index].dropFirst(min(2, lines[index].count)))
        case 4:
            var scalars = Array(lines[index].unicodeScalars)
            if !scalars.isEmpty {
                let specials: [Unicode.Scalar] = [
                    "{", "}", "[", "]", ":", ",", "\"", "'", "&", "*", "!", "\t", "\u{0}", "é", "\u{FEFF}",
                ]
                scalars[Int.random(in: 0..<scalars.count, using: &random)] =
                    specials.randomElement(using: &random) ?? ":"
            }
            lines[index] = String(String.UnicodeScalarView(scalars))
        case 5: lines = Array(lines.prefix(index))
        default:
            let other = Int.random(in: 0..<lines.count, using: &random)
            lines.swapAt(index, other)
        }
        return lines.joined(separator: "\n")
    }

    @Test(
        "2,000 mutated specs never crash the loader and always explain a failure", arguments: ["voidhash", "mobilejoe"])
    func mutatedSpecsNeverCrash(name: String) async throws {
        let original = try PackagePaths.text("Spec/\(name).yaml")
        var random = SeededRandomNumberGenerator(seed: 0xC0FFEE)
        for round in 0..<1_000 {
            if round % 20 == 0 { await Task.yield() }
            let text = Self.mutate(original, using: &random)
            var log = DiagnosticLog()
            let spec = SpecLoader.load(text: text, file: "mutated.yaml", log: &log)
            if spec == nil {
                #expect(log.hasErrors)
                #expect(log.entries.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
            } else {
                if let spec { _ = SpecTranslator.files(for: spec) }
            }
        }
    }
}
