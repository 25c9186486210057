import SDKGenCore

/// libFuzzer's entry point: a differential target for the pattern compiler. An input is a
/// pattern, a NUL byte, and a subject string. When the generator compiles the pattern, Swift
/// Regex must accept it too, and the compiled automaton must agree with
/// `Regex(pattern).matchingSemantics(.unicodeScalar).firstMatch(in: subject)`, which is what
/// `PatternCompiler` promises (and what the generated validators rely on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatternCompiler(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    guard split <= PatternFuzzing.maxPatternBytes,
        bytes.count - split <= PatternFuzzing.maxSubjectBytes + 1,
        let pattern = String(validating: bytes[..<split], as: UTF8.self)
    else { return 0 }
    let subject = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
    PatternFuzzing.compare(pattern, on: subject)
    return 0
}

/// The pattern target's checks.
enum PatternFuzzing {
    /// Longer patterns are skipped: compile time grows with length, not coverage.
    static let maxPatternBytes = 128
    /// Longer subjects are skipped: Swift Regex backtracks, and can take exponential time.
    static let maxSubjectBytes = 64

    /// Compiles `pattern`; if the generator accepts it, compares both engines on `subject`.
    static func compare(_ pattern: String, on subject: String) {
        guard let automaton = try? PatternCompiler.compile(pattern) else { return }
        guard let regex = try? Regex(pattern).matchingSemantics(.unicodeScalar) else {
            fuzzFailure("the generator compiles \(pattern.debugDescription) but Swift Regex refuses it")
        }
        let expected = (try? regex.firstMatch(in: subject)) != nil
        let actual = automaton.matches(subject)
        guard expected == actual else {
            let scalars = subject.unicodeScalars.map { "U+" + String($0.value, radix: 16) }
            fuzzFailure(
                "pattern \(pattern.debugDescription) on \(subject.debugDescription) (\(scalars.joined(separator: " "))): "
                    + "Swift Regex says \(expected), the compiled automaton says \(actual)")
        }
    }
}
