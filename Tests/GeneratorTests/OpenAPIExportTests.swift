import Foundation
import Testing

@testable import SDKGenCore

/// The OpenAPI 3.1 document `sdkgen` exports for every spec: where it goes, that it is
/// deterministic and checked by `--check`, and what it says about each construct.
@Suite("OpenAPI export", .timeLimit(.minutes(3)))
struct OpenAPIExportTests {
    /// The document exported from `Spec/<file>`, as text.
    private func exported(_ file: String) throws -> (path: String, text: String) {
        var log = DiagnosticLog()
        let spec = try #require(
            SpecLoader.load(text: try PackagePaths.text("Spec/\(file)"), file: "Spec/\(file)", log: &log))
        return (OpenAPIExporter.path(for: spec), OpenAPIExporter.text(for: spec))
    }

    /// The document exported from `Spec/<file>`, parsed.
    private func document(_ file: String) throws -> [String: Any] {
        let text = try exported(file).text
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "every spec gets OpenAPI/<Name>.openapi.json, the same bytes on every run, matching Generated/, from the driver"
    )
    func everySpecIsExportedDeterministically() throws {
        for file in ["mobilejoe.yaml", "voidhash.yaml"] {
            let first = try exported(file)
            #expect(
                first.path
                    == (file == "voidhash.yaml" ? "OpenAPI/Voidhash.openapi.json" : "OpenAPI/MobileJoe.openapi.json"))
            #expect(try exported(file).text == first.text)
            #expect(
                try PackagePaths.text("Generated/" + first.path) == first.text, "\(first.path) is stale: run sdkgen")
        }
        let run = GeneratorRun.run(specPaths: [PackagePaths.url("Spec/voidhash.yaml").path])
        #expect(run.files.keys.filter { $0.hasPrefix("OpenAPI/") } == ["OpenAPI/Voidhash.openapi.json"])
    }

    @Test("--check reports the document stale after a spec change and after a hand edit")
    func checkFailsOnAStaleDocument() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-openapi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let spec = root.appendingPathComponent("voidhash.yaml")
        let original = try PackagePaths.text("Spec/voidhash.yaml")
        try original.write(to: spec, atomically: true, encoding: .utf8)
        let output = root.appendingPathComponent("out")
        let run = GeneratorRun.run(specPaths: [spec.path])
        let sync = OutputSync(root: output, ownedFolders: nil, files: run.files)
        try sync.apply(sync.changes())
        #expect(sync.changes().isEmpty)

        let document = output.appendingPathComponent("OpenAPI/Voidhash.openapi.json")
        let exported = try String(contentsOf: document, encoding: .utf8)
        let edited = exported.replacingOccurrences(
            of: "\"The attributes of one setPersonAttributes call.\"", with: "\"Edited by hand.\"")
        try #require(edited != exported)
        try edited.write(to: document, atomically: true, encoding: .utf8)
        #expect(sync.changes().stale == ["OpenAPI/Voidhash.openapi.json"])
        try sync.apply(sync.changes())

        let changed = original.replacingOccurrences(
            of: "doc: The attributes of one setPersonAttributes call.",
            with: "doc: The attributes one setPersonAttributes call sets.")
        try #require(changed != original)
        try changed.write(to: spec, atomically: true, encoding: .utf8)
        let rerun = OutputSync(root: output, ownedFolders: nil, files: GeneratorRun.run(specPaths: [spec.path]).files)
        let stale = rerun.changes().stale
        #expect(stale.contains("OpenAPI/Voidhash.openapi.json"))
        #expect(
            rerun.diff(rerun.changes()).contains(
                "+        \"description\": \"The attributes one setPersonAttributes call sets.\","))
    }

    @Test("every operation is a path item with its parameters, body, success response and error statuses")
    func operationsAreExported() throws {
        let document = try document("voidhash.yaml")
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(
            paths.keys.sorted() == [
                "/v1/events", "/v1/identify", "/v1/people/{distinctId}", "/v1/people/{distinctId}/attributes",
                "/v1/purchases",
            ])
        let getPerson = try #require(paths["/v1/people/{distinctId}"]?["get"] as? [String: Any])
        #expect(getPerson["operationId"] as? String == "getPerson")
        let responses = try #require(getPerson["responses"] as? [String: Any])
        #expect(responses.keys.sorted() == ["200", "401", "404", "429", "500"])
        // A 429 says when to try again; other answers carry no such header.
        let limited = try #require(responses["429"] as? [String: Any])
        let limitHeaders = try #require(limited["headers"] as? [String: Any])
        #expect(limitHeaders.keys.sorted() == ["Retry-After"])
        #expect((responses["404"] as? [String: Any])?["headers"] == nil)
        let notFound = try #require(responses["404"] as? [String: Any])
        let errors = try #require(notFound["x-sdkgen-errors"] as? [[String: Any]])
        #expect(errors.map { $0["code"] as? String } == ["PERSON_NOT_FOUND"])
        #expect(
            getPerson["x-sdkgen-source"] as? String
                == "Spec/voidhash.yaml:\(try line(of: "  getPerson:", in: "Spec/voidhash.yaml"))")
        let parameters = try #require(getPerson["parameters"] as? [[String: Any]])
        #expect(parameters.first?["in"] as? String == "path")
        #expect(
            parameters.contains { $0["$ref"] as? String == "#/components/parameters/header.Idempotency-Key" } == false)

        let identify = try #require(paths["/v1/identify"]?["post"] as? [String: Any])
        let identifyParameters = try #require(identify["parameters"] as? [[String: Any]])
        #expect(
            identifyParameters.contains { $0["$ref"] as? String == "#/components/parameters/header.Idempotency-Key" })
        let body = try #require((identify["requestBody"] as? [String: Any])?["content"] as? [String: [String: Any]])
        let examples = try #require(body["application/json"]?["examples"] as? [String: [String: Any]])
        #expect(examples["refuses a blank user ID"]?["x-sdkgen-error"] as? String == "INVALID_ARGUMENT")
    }

    @Test("models are JSON Schemas that allow unknown members; enums stay open")
    func modelsAndOpenEnums() throws {
        let schemas = try #require(
            (try document("voidhash.yaml")["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let grant = try #require(schemas["EntitlementGrant"])
        #expect((grant["required"] as? [String])?.sorted() == ["perkId", "source", "sourceId", "status"])
        #expect(grant["additionalProperties"] == nil)
        let properties = try #require(grant["properties"] as? [String: [String: Any]])
        #expect(properties["perkSlug"]?["type"] as? [String] == ["string", "null"])
        #expect(properties["expiresAt"]?["format"] as? String == "date-time")
        let status = try #require(schemas["EntitlementStatus"])
        #expect(status["type"] as? String == "string")
        #expect(status["enum"] == nil, "a closed enum would make a server's new value invalid")
        #expect(status["x-sdkgen-open-enum"] as? Bool == true)
        let wireNamed = try #require(
            (schemas["GroupIdentifyProperties"]?["properties"] as? [String: [String: Any]])?["$group_type"])
        #expect(wireNamed["x-sdkgen-name"] as? String == "groupType")
    }

    @Test("rules become schema keywords where JSON Schema can say them, and x-sdkgen-rule always")
    func rulesAreExported() throws {
        let schemas = try #require(
            (try document("voidhash.yaml")["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let groupType = try #require(schemas["rules.groupType"])
        #expect(groupType["pattern"] as? String == "^[a-z][a-z0-9_]{0,63}$")
        let attributes = try #require(schemas["rules.personAttributes"])
        #expect(
            (attributes["propertyNames"] as? [String: String])?["$ref"] == "#/components/schemas/rules.attributeKey")
        #expect(
            (attributes["additionalProperties"] as? [String: String])?["$ref"]
                == "#/components/schemas/rules.attributeValue")
        // Characters are grapheme clusters: JSON Schema counts scalars, so only the exact rule
        // carries the 255.
        let externalUserId = try #require(schemas["rules.externalUserId"])
        #expect(externalUserId["maxLength"] == nil)
        let exact = try #require(externalUserId["x-sdkgen-rule"] as? [String: Any])
        #expect((exact["length"] as? [String: Any])?["unit"] as? String == "characters")
        #expect((exact["length"] as? [String: Any])?["max"] as? Int == 255)
        let prefixes = try #require((externalUserId["not"] as? [String: Any])?["anyOf"] as? [[String: String]])
        #expect(prefixes.map { $0["pattern"] } == ["^vh_anon_", "^vh:anon:"])
        // At most 200 UTF-8 bytes implies at most 200 scalars.
        #expect(schemas["rules.publishableKey"]?["maxLength"] as? Int == 200)
        let groupKey = try #require(schemas["rules.groupKey"])
        #expect(groupKey["minLength"] as? Int == 1)
        let value = try #require(schemas["rules.attributeValue"])
        #expect(value["type"] as? [String] == ["string", "number", "boolean", "null"])
        #expect((value["x-sdkgen-rule"] as? [String: Any])?["nonFiniteNumbers"] as? String == "null")
        // A model member with a rule refers to the rule's schema.
        let event = try #require(schemas["Event"]?["properties"] as? [String: [String: Any]])
        #expect(event["event"]?["$ref"] as? String == "#/components/schemas/rules.eventName")
        #expect(event["event"]?["type"] == nil)
    }

    @Test("a number is bounded by the largest Double, so a number no Double holds (1e400) breaks the schema")
    func numbersAreFiniteDoubles() throws {
        let text = OpenAPIJSONWriter.text(OpenAPISchemas.schema(.number))
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(schema["maximum"] as? Double == Double.greatestFiniteMagnitude)
        #expect(schema["minimum"] as? Double == -Double.greatestFiniteMagnitude)
    }

    /// ECMA-262's `.`, which OpenAPI validators use, matches U+000B, U+000C and U+0085; Swift
    /// `Regex`'s, which a spec pattern means, does not.
    @Test("a . of a spec pattern is exported as the class of what Swift's . matches, in classes and escapes not")
    func dotIsExportedAsSwiftsDot() throws {
        let dot = "[^\\u000A-\\u000D\\u0085\\u2028\\u2029]"
        #expect(OpenAPIPatterns.swiftDot == dot)
        #expect(OpenAPIPatterns.ecma("^a.b$") == "^a\(dot)b$")
        #expect(OpenAPIPatterns.ecma("^[.\\]]\\..*[^.]$") == "^[.\\]]\\.\(dot)*[^.]$")
        #expect(OpenAPIPatterns.ecma("^[a-z][a-z0-9_]{0,63}$") == "^[a-z][a-z0-9_]{0,63}$")
        // The class and Swift's `.` agree on every line-ending scalar and on others.
        let exported = try NSRegularExpression(pattern: "^" + dot + "$")
        let swiftDot = try Regex("^.$").matchingSemantics(.unicodeScalar)
        for value: UInt32 in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x20, 0x41, 0x85, 0x2027, 0x2028, 0x2029, 0x1F98A] {
            let sample = String(Unicode.Scalar(value)!)
            let matches = exported.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil
            #expect(matches == ((try swiftDot.wholeMatch(in: sample)) != nil), "U+\(String(value, radix: 16))")
        }
    }

    /// Swift repeats a whole character of several scalars; ECMA-262 would repeat its last scalar.
    @Test("a literal character of several scalars is exported as a group, so a quantifier repeats all of it")
    func characterOfSeveralScalarsIsExportedAsAGroup() throws {
        let accent = "e\u{301}"
        let coder = "\u{1F469}\u{200D}\u{1F4BB}"
        #expect(OpenAPIPatterns.ecma("^\(accent)+$") == "^(?:\(accent))+$")
        #expect(OpenAPIPatterns.ecma("^a\(coder){2}$") == "^a(?:\(coder)){2}$")
        let samples = [
            ("^\(accent)+$", accent + accent, true), ("^\(accent)+$", accent + "\u{301}", false),
            ("^\(coder)+$", coder + coder, true), ("^\(coder)+$", coder + "\u{1F4BB}", false),
        ]
        for (pattern, sample, expected) in samples {
            let exported = try NSRegularExpression(pattern: OpenAPIPatterns.ecma(pattern))
            let matches = exported.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil
            #expect(matches == expected, "\(pattern) on \(sample.unicodeScalars.map(\.value))")
            #expect((try Regex(pattern).wholeMatch(in: sample) != nil) == expected)
        }
    }

    @Test("the non-white-space pattern agrees with Swift's white space on every White_Space scalar and others")
    func whitespacePatternAgreesWithSwift() throws {
        let schemas = try #require(
            (try document("mobilejoe.yaml")["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let pattern = try #require(schemas["rules.appUserId"]?["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        let samples = [
            "", " ", "\t\n", "\u{3000}", "\u{85}", "\u{A0}\u{2003}", "a", " a ", "\u{FEFF}", "\u{200B}", "🦊", "\0",
        ]
        for sample in samples {
            let matches = regex.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil
            #expect(matches == sample.contains { !$0.isWhitespace }, "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test("the header contract: Authorization as a security scheme, other fields as header parameters")
    func headersAreExported() throws {
        let voidhash = try #require(try document("voidhash.yaml")["components"] as? [String: Any])
        let bearer = try #require((voidhash["securitySchemes"] as? [String: [String: Any]])?["publishableKey"])
        #expect(bearer["type"] as? String == "http")
        #expect(bearer["scheme"] as? String == "bearer")
        let sdk = try #require((voidhash["parameters"] as? [String: [String: Any]])?["header.Voidhash-SDK"])
        #expect((sdk["schema"] as? [String: String])?["pattern"] == "^swift\\/.*$")

        let mobileJoe = try document("mobilejoe.yaml")
        let components = try #require(mobileJoe["components"] as? [String: Any])
        let apiKey = try #require((components["securitySchemes"] as? [String: [String: Any]])?["apiKey"])
        #expect(apiKey["type"] as? String == "apiKey")
        #expect(apiKey["in"] as? String == "header")
        let parameters = try #require(components["parameters"] as? [String: [String: Any]])
        #expect(parameters["header.Identity-External-ID"]?["required"] as? Bool == false)
        #expect(parameters["header.Identity-Device-ID"]?["required"] as? Bool == true)
        #expect(
            (parameters["header.Debug-Mode"]?["schema"] as? [String: Any])?["enum"] as? [String] == ["true", "false"])
        #expect(
            (parameters["header.Preferred-Languages"]?["x-sdkgen-header"] as? [String: Any])?["maxItems"] as? Int == 3)
        #expect((mobileJoe["security"] as? [[String: [String]]]) == [["apiKey": []]])
    }

    @Test("constants and error codes are x-sdkgen extensions")
    func constantsAndErrors() throws {
        let document = try document("voidhash.yaml")
        let constants = try #require(document["x-sdkgen-constants"] as? [String: [String: Any]])
        #expect(constants["identifyWait"]?["durationMilliseconds"] as? Int == 2000)
        #expect(constants["maxGroupTypes"]?["integer"] as? Int == 5)
        #expect(constants["testKeyPrefix"]?["string"] as? String == "vh_pk_test_")
        let errors = try #require(document["x-sdkgen-errors"] as? [[String: Any]])
        #expect(errors.first { $0["code"] as? String == "RATE_LIMITED" }?["category"] as? String == "retryable")
    }

    /// The 1-based line of the first line of `file` equal to `text`.
    private func line(of text: String, in file: String) throws -> Int {
        let lines = try PackagePaths.text(file).components(separatedBy: "\n")
        return try #require(lines.firstIndex(of: text)) + 1
    }
}
