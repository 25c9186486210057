import Foundation
import Testing

@testable import SDKGenCore

/// The OpenAPI document's pattern for the `Idempotency-Key` header says what
/// `APIClient.idempotencyKeyField` sends (its own test lists the same keys).
@Suite("The exported idempotency-key pattern", .timeLimit(.minutes(3)))
struct IdempotencyKeyPatternTests {
    @Test(
        "the pattern accepts what the client sends and refuses a blank key or a control character",
        arguments: [
            ("01890a5d-ac96", true), ("a key with spaces", true), ("clé-🔑", true), (" k ", true), ("", false),
            (" ", false), ("\u{3000}", false), ("\t", false), ("k\u{1}x", false), ("k\tx", false),
            ("k\u{7F}", false), ("k\u{85}", false), ("k\u{9F}", false), ("\n", false),
        ])
    func idempotencyKeyPattern(key: String, accepted: Bool) throws {
        let pattern = try NSRegularExpression(pattern: OpenAPIPatterns.idempotencyKey)
        let whole = NSRange(key.startIndex..., in: key)
        // The match must cover the key: ICU's `$` also matches before a last line break (U+0085
        // is one), where ECMA-262's, which JSON Schema uses, matches at the end only.
        #expect((pattern.firstMatch(in: key, range: whole)?.range == whole) == accepted)
    }
}
