import Foundation
import SDKRuntime
import Testing

/// `JSONValue` decodes each JSON kind as its own case, whatever order the kinds are tried in.
@Suite("JSONValue: each kind decodes as itself", .timeLimit(.minutes(3)))
struct JSONValueCodingTests {
    @Test(
        "a value of each kind, nested too, decodes as the case of that kind",
        arguments: [
            ("null", JSONValue.null),
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("0", .number(0)),
            ("1", .number(1)),
            ("-2.5e3", .number(-2_500)),
            (#""true""#, .string("true")),
            (#""1""#, .string("1")),
            (#""""#, .string("")),
            ("[]", .array([])),
            ("{}", .object([:])),
            (
                #"[1,true,"1",null,{"a":[]}]"#,
                .array([.number(1), .bool(true), .string("1"), .null, .object(["a": .array([])])])
            ),
            (
                #"{"n":1,"b":false,"s":"x","o":{"p":null},"a":[0]}"#,
                .object([
                    "n": .number(1), "b": .bool(false), "s": .string("x"), "o": .object(["p": .null]),
                    "a": .array([.number(0)]),
                ])
            ),
        ])
    func decodesAsItsKind(json: String, expected: JSONValue) throws {
        #expect(try JSONCoding.makeDecoder().decode(JSONValue.self, from: Data(json.utf8)) == expected)
    }

    @Test("what is not JSON is refused with an error")
    func notJSONIsRefused() {
        #expect(throws: DecodingError.self) {
            try JSONCoding.makeDecoder().decode(JSONValue.self, from: Data("{\"a\":".utf8))
        }
    }

    @Test func nestingIsMeasuredWithoutGoingPastTheLimit() {
        #expect(!JSONValue.string("x").nestsDeeper(than: 0))
        #expect(JSONValue.array([]).nestsDeeper(than: 0))
        #expect(!JSONValue.array([.object(["a": 1])]).nestsDeeper(than: 2))
        #expect(JSONValue.array([.object(["a": .array([1])])]).nestsDeeper(than: 2))
        var deep = JSONValue.null
        for _ in 0..<5_000 { deep = .array([deep]) }
        #expect(deep.nestsDeeper(than: 100))
        #expect(!deep.nestsDeeper(than: 5_000))
    }
}
