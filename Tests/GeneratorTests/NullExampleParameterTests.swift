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
        let root = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        let paths = try #require(root["paths"] as? [String: Any])
        let operation = try #require((paths["/v1/items"] as? [String: Any])?["get"] as? [String: Any])
        let examples = try #require(operation["x-sdkgen-examples"] as? [[String: Any]])
        #expect(examples.count == 2)
        #expect(examples.first?["parameters"] == nil)
        #expect(examples.last?["parameters"] as? [String: String] == ["tag": "home"])
        let parameters = try #require(operation["parameters"] as? [[String: Any]])
        let limit = try #require(parameters.first { $0["name"] as? String == "limit" })
        #expect(limit["examples"] == nil)
    }

    @Test("an example that sends the same as an earlier one, once its nulls are left out, is refused")
    func nullDoesNotMakeAnExampleDistinct() {
        let text = Self.spec(
            examples: """
                      - {name: first, parameters: {tag: home}, status: 200}
                      - {name: second, parameters: {tag: home, limit: null}, status: 200}
                """)
        #expect(
            Generate.diagnostics(text, file: "demo.yaml").contains {
                $0.contains("example 'second'") && $0.contains("sends what example 'first' sends")
            })
    }

    /// (The type check refused this before null meant "not sent"; it must go on doing so.)
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
