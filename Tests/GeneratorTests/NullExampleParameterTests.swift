import Foundation
import SDKGenCore
import Testing

/// An operation example that gives an optional parameter as `null` leaves it out, everywhere the
/// example is used: the contract test calls the client without it (it passed `""`, which for an
/// integer did not compile and for a string sent an empty value), the example server expects a
/// request without it, the OpenAPI document shows the example without it, and an example that
/// sends the same as another is still found. A required parameter given as `null` is refused.
@Suite("Example parameters given as null", .timeLimit(.minutes(3)))
struct NullExampleParameterTests {
    static func spec(examples: String, limitType: String = "integer?") -> String {
        """
        sdkgen: 1
        api: {name: Demo, version: 1.0.0}
        models:
          Page: {properties: {size: integer}, examples: [{size: 1}]}
        errors:
          BAD: {status: 400, category: rejected}
        operations:
          listItems:
            method: GET
            path: /v1/items
            parameters:
              tag: {in: query, type: "string?"}
              limit: {in: query, type: "\(limitType)"}
            response: Page
            errors: [BAD]
            examples:
        \(examples)
        """
    }

    @Test("the contract test, the example server and the OpenAPI example leave the null parameters out")
    func nullParametersAreNotSent() throws {
        let text = Self.spec(
            examples: """
                      - {name: nothing sent, parameters: {tag: null, limit: null}, status: 200}
                      - {name: tag sent, parameters: {tag: home, limit: null}, status: 200}
                """)
        let files = Generate.files(text, file: "Spec/demo.yaml").files
        let tests = try #require(files["DemoContractTests/DemoOperationTests.swift"])
        #expect(tests.contains("try await client.listItems() }"))
        #expect(tests.contains("try await client.listItems(tag: \"home\") }"))
        let server = try #require(
            files.first { $0.key.hasPrefix("DemoEmulator/") && $0.value.contains("\"tag sent\"") })
        #expect(server.value.contains("parameters: [\"tag\": \"home\"]"))
        #expect(!server.value.contains("\"limit\": "))
        let document = try #require(files["OpenAPI/Demo.openapi.json"])
        #expect(!document.contains("null"))
    }

    @Test("an example that sends the same as an earlier one, once its nulls are left out, is refused")
    func nullDoesNotMakeAnExampleDistinct() {
        let text = Self.spec(
            examples: """
                      - {name: first, parameters: {tag: home}, status: 200}
                      - {name: second, parameters: {tag: home, limit: null}, status: 200}
                """)
        #expect(Generate.diagnostics(text, file: "demo.yaml").contains { $0.contains("second") })
    }

    @Test("null for a required parameter is refused at the example")
    func nullForARequiredParameterIsRefused() {
        let text = Self.spec(
            examples: """
                      - {name: no limit, parameters: {limit: null}, status: 200}
                """, limitType: "integer")
        let diagnostics = Generate.diagnostics(text, file: "demo.yaml")
        #expect(diagnostics.contains { $0.contains("parameter 'limit' of example 'no limit'") })
    }
}
