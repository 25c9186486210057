import SDKRuntime
import Testing

@testable import SDKEmulator

/// The schema check the contract tests judge bodies with: `type` as one name or a list of names.
@Suite("JSON Schema check", .timeLimit(.minutes(3)))
struct JSONSchemaCheckTests {
    let check = JSONSchemaCheck(document: .object([:]))

    func problems(_ value: JSONValue, type: JSONValue) -> [String] {
        check.problems(value, schema: .object(["type": type]), at: "value")
    }

    @Test("a value matches a type list when it matches one of its names; an entry that is not a name matches nothing")
    func typeLists() {
        #expect(problems(.string("x"), type: .array([.string("number"), .string("string")])).isEmpty)
        #expect(problems(.null, type: .array([.string("string"), .string("null")])).isEmpty)
        #expect(!problems(.bool(true), type: .array([.string("number"), .string("string")])).isEmpty)
        #expect(!problems(.string("x"), type: .array([.number(5)])).isEmpty)
        #expect(!problems(.string("x"), type: .array([])).isEmpty)
        #expect(problems(.number(2), type: .string("integer")).isEmpty)
        #expect(!problems(.number(2.5), type: .string("integer")).isEmpty)
    }

    @Test("additionalProperties false refuses a member the schema does not declare; a schema there checks such members")
    func additionalProperties() {
        let declared: JSONValue = .object(["name": .object(["type": .string("string")])])
        let closed: JSONValue = .object(["properties": declared, "additionalProperties": .bool(false)])
        #expect(check.problems(.object(["name": .string("a")]), schema: closed, at: "value").isEmpty)
        #expect(
            check.problems(.object(["name": .string("a"), "extra": .number(1)]), schema: closed, at: "value")
                == ["value.extra: not allowed"])
        let typed: JSONValue = .object([
            "properties": declared, "additionalProperties": .object(["type": .string("number")]),
        ])
        #expect(check.problems(.object(["extra": .number(1)]), schema: typed, at: "value").isEmpty)
        #expect(check.problems(.object(["extra": .string("x")]), schema: typed, at: "value").count == 1)
        let open: JSONValue = .object(["properties": declared, "additionalProperties": .bool(true)])
        #expect(check.problems(.object(["extra": .string("x")]), schema: open, at: "value").isEmpty)
    }
}
