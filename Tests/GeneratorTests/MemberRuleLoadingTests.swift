import Foundation
import Testing

@testable import SDKGenCore

/// Rules on model members: how they are written, what is refused, and what is generated.
@Suite("Member rules", .timeLimit(.minutes(3)))
struct MemberRuleLoadingTests {
    static func spec(_ properties: String, rules: String = "", examples: String = "") -> String {
        """
        sdkgen: 1
        api: {name: Shop, version: 1.0.0}
        rules:
          sku: {kind: string, pattern: "^[A-Z]{3}-[0-9]{4}$"}
          anyJSON: {kind: value, allowedKinds: [string]}
        \(rules)
        models:
          Item:
            properties:
        \(properties)
        \(examples)
        """
    }

    @Test("a named rule and an inline pattern both generate violations() checking each member")
    func violationsAreGenerated() {
        let result = Generate.files(
            Self.spec(
                """
                      sku: {type: string, rule: sku}
                      code: {type: "string?", pattern: "^[a-z]+$"}
                      tags: {type: "[string]", length: {max: 3, unit: characters}}
                """))
        #expect(result.diagnostics.isEmpty)
        let model = result.files["ShopAPI/Models/Item.swift"] ?? ""
        #expect(model.contains("public func violations() -> [SDKRuntime.PropertyViolation]"))
        #expect(model.contains("SkuRule.validate(self.sku)"))
        #expect(model.contains("if let value = self.code"))
        #expect(model.contains("for (index, value) in self.tags.enumerated()"))
        #expect(model.contains(#"property: "tags[" + Swift.String(index) + "]""#), "a list's element is named by index")
        #expect(result.files["ShopAPI/Rules/ItemCodeRule.swift"] != nil)
        #expect(result.files["ShopAPI/Rules/ItemTagsRule.swift"] != nil)
    }

    @Test(
        "a member rule that cannot apply is a located error",
        arguments: [
            ("      sku: {type: string, rule: skew}", "refers to rule 'skew', which is not declared in 'rules'"),
            (
                "      sku: {type: string, rule: anyJSON}",
                "refers to rule 'anyJSON', a value or map rule; a member takes a string rule"
            ),
            ("      sku: {type: integer, rule: sku}", "has a rule, so it must hold a string or a list of strings"),
            (
                "      sku: {type: string, rule: sku, pattern: \"^a$\"}",
                "names rule 'sku' and writes 'pattern' or 'length' too"
            ),
            ("      sku: {type: string, pattern: \"^(a$\"}", "cannot be compiled"),
        ])
    func refusedMemberRules(line: String, message: String) {
        let diagnostics = Generate.diagnostics(Self.spec(line), file: "Spec/shop.yaml")
        #expect(diagnostics.contains { $0.hasPrefix("Spec/shop.yaml:10:") && $0.contains(message) }, "\(diagnostics)")
    }

    @Test("an inline rule named like a declared rule is refused where both are declared")
    func inlineRuleNameClash() {
        let diagnostics = Generate.diagnostics(
            Self.spec(
                "      sku: {type: string, pattern: \"^a$\"}", rules: "  itemSku: {kind: string, pattern: \"^b$\"}"),
            file: "Spec/shop.yaml")
        #expect(diagnostics.contains { $0.contains("ItemSkuRule") }, "\(diagnostics)")
    }

    @Test("the schema's model property keys are exactly the loader's")
    func schemaPropertyKeysMatch() throws {
        let data = try Data(contentsOf: PackagePaths.url("Spec/sdkgen.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let models = (schema["properties"] as? [String: Any])?["models"] as? [String: Any]
        let model = (models?["additionalProperties"] as? [String: Any])?["properties"] as? [String: Any]
        let property = (model?["properties"] as? [String: Any])?["additionalProperties"] as? [String: Any]
        let mapping = (property?["oneOf"] as? [[String: Any]])?.last?["properties"] as? [String: Any]
        #expect(Set(mapping?.keys.map { $0 } ?? []) == Set(SpecLoader.propertyKeys))
    }
}
