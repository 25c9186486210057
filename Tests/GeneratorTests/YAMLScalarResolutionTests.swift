import Testing

@testable import SDKGenCore

/// An example's plain scalars: null in every spelling YAML 1.2 gives it, as editors and other
/// YAML tools read it; anything else keeps its JSON meaning or its text.
@Suite("Plain scalars in examples", .timeLimit(.minutes(3)))
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
        "null in every spelling YAML 1.2 gives it; booleans and numbers as JSON writes them",
        arguments: [
            ("", JSONLiteral.null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null),
            ("true", .bool(true)), ("false", .bool(false)), ("12", .number("12")), ("-1.5e3", .number("-1.5e3")),
        ])
    func resolved(text: String, expected: JSONLiteral) throws {
        #expect(try Self.json(text) == expected)
    }

    /// Where the spec wants text (a string rule's example, a header input) such a value keeps
    /// its text, and where it wants a boolean or a number it is refused, not read as another.
    @Test(
        "other spellings of booleans and numbers stay the text written",
        arguments: [
            "yes", "nULL", "True", "TRUE", "FALSE", "+49", "007", ".5", "1.", "0x1F", "0o17", ".inf", ".nan",
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
