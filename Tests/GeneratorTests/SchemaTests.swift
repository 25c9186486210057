import Foundation
import Testing

@testable import SDKGenCore

/// The JSON Schema editors use stays in step with what the loader accepts.
@Suite("Spec JSON Schema", .timeLimit(.minutes(3)))
struct SchemaTests {
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: PackagePaths.url("Spec/sdkgen.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func propertyNames(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test("the schema's top-level keys are exactly the loader's")
    func topLevelKeysMatch() throws {
        #expect(Self.propertyNames(try Self.schema()) == Set(SpecLoader.topLevelKeys))
    }

    @Test("the schema's rule keys are exactly the loader's")
    func ruleKeysMatch() throws {
        let rule = (try Self.schema()["$defs"] as? [String: Any])?["rule"]
        #expect(Self.propertyNames(rule) == Set(SpecLoader.ruleKeys))
    }
}
