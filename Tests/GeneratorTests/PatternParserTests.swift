import Testing

@testable import SDKGenCore

@Suite("PatternParser", .timeLimit(.minutes(3)))
struct PatternParserTests {
    static func scalar(_ value: Unicode.Scalar) -> PatternNode { .scalars(ScalarSet(value)) }

    @Test("anchors are read from the ends only")
    func anchors() throws {
        #expect(
            try PatternParser.parse("^a$")
                == ParsedPattern(body: Self.scalar("a"), anchoredAtStart: true, anchoredAtEnd: true))
        #expect(
            try PatternParser.parse("a")
                == ParsedPattern(body: Self.scalar("a"), anchoredAtStart: false, anchoredAtEnd: false))
        #expect(
            try PatternParser.parse("\\^a\\$").body
                == .sequence([Self.scalar("^"), Self.scalar("a"), Self.scalar("$")]))
    }

    @Test("alternation, groups and quantifiers nest as written")
    func structure() throws {
        let parsed = try PatternParser.parse("(?:ab|c)*d{2,}e?f+g{3}h{1,4}")
        #expect(
            parsed.body
                == .sequence([
                    .repetition(
                        .alternation([.sequence([Self.scalar("a"), Self.scalar("b")]), Self.scalar("c")]),
                        min: 0, max: nil),
                    .repetition(Self.scalar("d"), min: 2, max: nil),
                    .repetition(Self.scalar("e"), min: 0, max: 1),
                    .repetition(Self.scalar("f"), min: 1, max: nil),
                    .repetition(Self.scalar("g"), min: 3, max: 3),
                    .repetition(Self.scalar("h"), min: 1, max: 4),
                ]))
        #expect(try PatternParser.parse("(a|)").body == .alternation([Self.scalar("a"), .empty]))
    }

    @Test("classes: ranges, negation, literal hyphens and escapes")
    func classes() throws {
        #expect(
            try PatternParser.parse("[a-c_]").body == .scalars(ScalarSet([0x61...0x63, 0x5F...0x5F])))
        #expect(
            try PatternParser.parse("[-a]").body == .scalars(ScalarSet([0x2D...0x2D, 0x61...0x61])))
        #expect(
            try PatternParser.parse("[a-]").body == .scalars(ScalarSet([0x2D...0x2D, 0x61...0x61])))
        #expect(
            try PatternParser.parse("[\\]\\-\\n]").body
                == .scalars(ScalarSet([0x5D...0x5D, 0x2D...0x2D, 0x0A...0x0A])))
        #expect(
            try PatternParser.parse("[^a]").body == .scalars(ScalarSet(Unicode.Scalar("a")).complement))
        #expect(
            try PatternParser.parse("[.$^|]").body
                == .scalars(ScalarSet([0x2E...0x2E, 0x24...0x24, 0x5E...0x5E, 0x7C...0x7C])))
    }

    @Test(
        "escapes: a syntax character stands for itself, other punctuation is refused; \\n \\t \\r \\f are control characters"
    )
    func escapes() throws {
        for punctuation in ".\\^$()[]{}|?*+/" {
            #expect(
                try PatternParser.parse("\\\(punctuation)").body
                    == Self.scalar(punctuation.unicodeScalars.first ?? "a"))
        }
        for punctuation in "- #,:=!<>'\"@%&~`;_" {
            #expect(throws: PatternError.self) { try PatternParser.parse("\\\(punctuation)") }
        }
        #expect(try PatternParser.parse("[\\-]").body == Self.scalar("-"))
        #expect(
            try PatternParser.parse("\\n\\t\\r\\f").body
                == .sequence(["\n", "\t", "\r", "\u{0C}"].map(Self.scalar)))
    }

    @Test("a literal of several scalars is one atom that a quantifier repeats whole")
    func multiScalarLiteral() throws {
        #expect(
            try PatternParser.parse("e\u{301}+").body
                == .repetition(.sequence([Self.scalar("e"), Self.scalar("\u{301}")]), min: 1, max: nil))
    }

    @Test("dot excludes exactly the newline scalars Swift Regex excludes")
    func dot() throws {
        #expect(PatternParser.dot.complement.ranges == [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])
    }

    @Test("columns count Unicode scalars")
    func columns() {
        #expect(throws: PatternError.misplacedStartAnchor(at: 3)) {
            try PatternParser.parse("e\u{301}x^")
        }
        #expect(throws: PatternError.misplacedStartAnchor(at: 2)) { try PatternParser.parse("😀x^") }
    }
}
