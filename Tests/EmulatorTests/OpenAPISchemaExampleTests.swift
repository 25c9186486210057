import Foundation
import SDKEmulator
import SDKRuntime
import Testing

/// The component schemas of the exported documents against the spec's own examples: every
/// valid example of a model, rule or identifier conforms to its schema, and the invalid ones a
/// schema can tell apart are refused by it.
@Suite("The exported schemas and the spec's examples", .timeLimit(.minutes(3)))
struct OpenAPISchemaExampleTests {
    /// Reasons whose check JSON Schema cannot say exactly (lengths are counted in scalars
    /// there), so a schema may accept such an invalid example.
    static let inexact: Set<String> = ["tooLong", "tooShort"]

    @Test("every example of a component schema conforms to it", arguments: ["Voidhash", "MobileJoe"])
    func validExamplesConform(api: String) throws {
        let document = try exportedOpenAPIDocument(api)
        let schemas = document.componentSchemas
        var checked = 0
        for name in schemas.keys.sorted() {
            guard case .object(let schema)? = schemas[name], case .array(let examples)? = schema["examples"] else {
                continue
            }
            for example in examples {
                #expect(document.problems(of: example, againstComponent: name) == [], "\(name): \(example)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test(
        "invalid rule and identifier examples are refused wherever the schema can say why",
        arguments: ["Voidhash", "MobileJoe"])
    func invalidExamplesAreRefused(api: String) throws {
        let document = try exportedOpenAPIDocument(api)
        let schemas = document.componentSchemas
        var refused = 0
        for name in schemas.keys.sorted() {
            guard case .object(let schema)? = schemas[name],
                case .array(let invalid)? = schema["x-sdkgen-invalid-examples"]
            else { continue }
            for entry in invalid {
                // A rule's entry is {value, reason}; an identifier's is the string itself.
                var value = entry
                if case .object(let members) = entry {
                    if case .string(let reason)? = members["reason"], Self.inexact.contains(reason) { continue }
                    value = members["value"] ?? .null
                }
                #expect(document.problems(of: value, againstComponent: name) != [], "\(name) accepts \(value)")
                refused += 1
            }
        }
        #expect(refused > 10)
    }
}
