import Testing

@testable import SDKGenCore

/// An example's plain scalars mean what YAML 1.2's core schema says, as editors and other
/// YAML tools read them; JSON gets them as JSON writes them.
@Suite("Plain scalars in examples read as YAML 1.2 reads them", .timeLimit(.minutes(3)))
struct YAMLScalarResolutionTests {
    /// The JSON value of `value` written plain in a flow mapping.
    static func json(_ value: String) throws -> JSONLiteral {
        var log = DiagnosticLog()
        let node = try #require(YAMLReader.read("{v: \(value)}", file: "t.yaml", log: &log))
        #expect(!log.hasErrors)
        guard case .mapping(let pairs, _) = node, let first = pairs.first else {
            Issue.record("not a mapping")
            return .null
        }
        return ScalarReading.json(first.value)
    }

    @Test(
        "nulls, booleans and numbers in every spelling YAML 1.2 gives them",
        arguments: [
            ("", JSONLiteral.null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null),
            ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)), ("False", .bool(false)),
            ("FALSE", .bool(false)), ("12", .number("12")), ("-1.5e3", .number("-1.5e3")), ("+1", .number("1")),
            ("007", .number("7")), ("-0", .number("-0")), (".5", .number("0.5")), ("-.5", .number("-0.5")),
            ("1.", .number("1.0")), ("+.5E-2", .number("0.5e-2")), ("0x1F", .number("31")), ("0o17", .number("15")),
        ])
    func resolved(text: String, expected: JSONLiteral) throws {
        #expect(try Self.json(text) == expected)
    }

    @Test(
        "what YAML 1.2 reads as a string, or JSON cannot hold, stays a string",
        arguments: [
            "yes", "nULL", "tRUE", ".inf", "-.inf", ".nan", "0x", "0x+1F", "0o8", "1e", ".", "-", "1.2.3", "0b101",
            "0xFFFFFFFFFFFFFFFFF",
        ])
    func stringsStayStrings(text: String) throws {
        #expect(try Self.json(text) == .string(text))
    }

    @Test("a quoted scalar is a string, whatever it spells")
    func quotedIsAString() throws {
        #expect(try Self.json("\"null\"") == .string("null"))
        #expect(try Self.json("'TRUE'") == .string("TRUE"))
        #expect(try Self.json("\"0x1F\"") == .string("0x1F"))
        #expect(try Self.json("\"\"") == .string(""))
    }
}
