import Testing

@testable import SDKGenCore

/// The OpenAPI export reads the `White_Space` scalars only up to the last one, so that a run
/// does not read the property of every scalar there is.
@Suite("The White_Space scalars the OpenAPI export reads", .timeLimit(.minutes(3)))
struct WhitespaceTableTests {
    @Test("no scalar after the last one the export reads has the White_Space property")
    func noWhitespaceAfterTheLastOneRead() {
        let later = (OpenAPIPatterns.lastWhitespaceScalar + 1...0x10FFFF).filter {
            Unicode.Scalar($0)?.properties.isWhitespace == true
        }
        #expect(later.isEmpty)
        #expect(OpenAPIPatterns.whitespaceScalars.last?.value == OpenAPIPatterns.lastWhitespaceScalar)
    }
}
