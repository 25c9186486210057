import SDKGenCore
import Testing

/// `YAMLNode` equality is structural and ignores nothing: the spec checks compare nodes (for
/// example a repeated example), so two readings of one text must be equal and any difference,
/// a location included, must not be.
@Suite("YAML node equality", .timeLimit(.minutes(3)))
struct YAMLNodeEqualityTests {
    private static func read(_ text: String, file: String = "a.yaml") -> YAMLNode? {
        var log = DiagnosticLog()
        return YAMLReader.read(text, file: file, log: &log)
    }

    @Test("two readings of one mapping are equal, and hash alike")
    func equalMappingsAreEqual() throws {
        let text = "a: 1\nb: [x, \"y\"]\nc: {d: e}\n"
        let first = try #require(Self.read(text))
        let second = try #require(Self.read(text))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
    }

    @Test(
        "mappings differ when a key, a value, their count, their order, quoting or a location does",
        arguments: [
            "a: 1\nb: 2\nc: 3\n", "a: 1\n", "b: 2\na: 1\n", "a: 1\nb: \"2\"\n", "a: 1\nz: 2\n", "a: 1\nb: 3\n",
            "\na: 1\nb: 2\n",
        ])
    func differentMappingsAreNotEqual(other: String) throws {
        let base = try #require(Self.read("a: 1\nb: 2\n"))
        #expect(base != (try #require(Self.read(other))))
    }

    @Test("the same text in another file is another node")
    func theFileIsPartOfTheLocation() throws {
        #expect(try #require(Self.read("a: 1\n")) != (try #require(Self.read("a: 1\n", file: "b.yaml"))))
    }
}
