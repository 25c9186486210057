import Foundation
import Testing

@testable import SDKGenCore

/// Replays what the fuzzers kept (`Fuzz/README.md`): every input that ever crashed or stalled a
/// generator target is a file below `Fuzz/Crashes/<target>/` or `Fuzz/Slow/<target>/`, and is
/// checked here with the property its target checks, so a finding stays fixed.
@Suite("Fuzz regressions: spec loader and pattern compiler", .timeLimit(.minutes(3)))
struct SpecLoaderFuzzRegressionTests {
    /// The files kept for `target`, by path relative to the package root.
    static func kept(_ target: String) -> [String] {
        ["Fuzz/Crashes/\(target)", "Fuzz/Slow/\(target)"].flatMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.url(folder).path)) ?? []
            return names.map { "\(folder)/\($0)" }
        }
        .sorted()
    }

    @Test(
        "a spec the fuzzer kept loads without errors, or is refused with at least one",
        arguments: kept("spec-loader"))
    func specLoadsOrSaysWhy(path: String) async throws {
        // As the target: bytes that are not UTF-8 never reach the loader.
        guard let text = String(validating: try Data(contentsOf: PackagePaths.url(path)), as: UTF8.self) else { return }
        // A kept input may take seconds: on a thread of its own, it holds no thread of the
        // shared pool that loopback servers of other suites need.
        let (loaded, refusedWithErrors, translated) = await Self.onOwnThread {
            var log = DiagnosticLog()
            let spec = SpecLoader.load(text: text, file: path, log: &log)
            return (spec != nil, log.hasErrors, spec.map { !GeneratorRun.files(for: $0).isEmpty } ?? true)
        }
        #expect(loaded != refusedWithErrors)
        #expect(translated)
    }

    /// The result of `work`, run on a new thread.
    static func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    @Test(
        "a pattern the fuzzer kept means for the compiled automaton what it means for Swift Regex",
        arguments: kept("pattern-compiler"))
    func patternAgreesWithRegex(path: String) throws {
        let bytes = Array(try Data(contentsOf: PackagePaths.url(path)))
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let pattern = String(decoding: bytes[..<split], as: UTF8.self)
        let subject = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
        guard let automaton = try? PatternCompiler.compile(pattern) else { return }
        let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
        #expect(automaton.matches(subject) == ((try regex.firstMatch(in: subject)) != nil))
    }
}
