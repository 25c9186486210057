import Testing

@testable import SDKGenCore

@Suite("PatternCompiler", .timeLimit(.minutes(3)))
struct PatternCompilerTests {
    static let groupType = "^[a-z][a-z0-9_]{0,63}$"

    @Test(
        "group type pattern accepts and rejects the edge cases",
        arguments: [
            ("a", true),
            ("a" + String(repeating: "b", count: 63), true),
            ("a" + String(repeating: "b", count: 64), false),
            ("z9_", true),
            ("a_b_c", true),
            ("", false),
            ("A", false),
            ("aB", false),
            ("1a", false),
            ("_a", false),
            ("a-b", false),
            ("a b", false),
            ("é", false),
            ("ae\u{301}", false),
            ("a😀", false),
            ("😀", false),
            ("a\n", false),
            ("\na", false),
        ])
    func groupType(value: String, expected: Bool) throws {
        let automaton = try PatternCompiler.compile(Self.groupType)
        #expect(automaton.matches(value) == expected)
    }

    @Test("group type automaton has one state per length and the exact ranges")
    func groupTypeShape() throws {
        let automaton = try PatternCompiler.compile(Self.groupType)
        #expect(automaton.states.count == 65)
        let first = try #require(automaton.states.first)
        #expect(!first.isAccepting)
        #expect(first.transitions == [.init(ranges: [0x61...0x7A], target: 1)])
        let second = automaton.states[1]
        #expect(second.isAccepting)
        #expect(
            second.transitions == [.init(ranges: [0x30...0x39, 0x5F...0x5F, 0x61...0x7A], target: 2)])
        #expect(automaton.states[64].isAccepting)
        #expect(automaton.states[64].transitions.isEmpty)
    }

    @Test("compiling twice gives identical automata")
    func determinism() throws {
        for pattern in [Self.groupType, "(a|b)*abb", "x[^y]+(?:z|w{2,4})?", "^(?:[😀-😎é]{2}|é)"] {
            #expect(try PatternCompiler.compile(pattern) == PatternCompiler.compile(pattern))
        }
    }

    @Test(
        "known patterns compile to their minimal state counts",
        arguments: [
            ("^(a|b)*abb$", 4),
            ("^(?:a|b)*$", 1),
            ("^a*a*a*$", 1),
            ("^(a|aa|aaa)$", 4),
            ("^(?:ab|ac)$", 3),
            ("^a{3}$", 4),
            ("^a{2,}$", 3),
            ("^a{0,3}$", 4),
            ("abc", 4),
            ("", 1),
            ("^$", 1),
            ("^(?:0|[1-9][0-9]*)$", 3),
        ])
    func minimality(pattern: String, states: Int) throws {
        #expect(try PatternCompiler.compile(pattern).states.count == states)
    }

    @Test("an unanchored pattern matches anywhere; anchors pin each side")
    func anchors() throws {
        let anywhere = try PatternCompiler.compile("ab")
        #expect(anywhere.matches("xxabyy"))
        #expect(!anywhere.matches("a-b"))
        let start = try PatternCompiler.compile("^ab")
        #expect(start.matches("aby"))
        #expect(!start.matches("xab"))
        let end = try PatternCompiler.compile("ab$")
        #expect(end.matches("xab"))
        #expect(!end.matches("aby"))
    }

    @Test("a class range whose ends are the same scalar holds that scalar alone")
    func singleScalarRange() throws {
        let automaton = try PatternCompiler.compile("^[a-a0-0]$")
        #expect(automaton.matches("a"))
        #expect(automaton.matches("0"))
        #expect(!automaton.matches("b"))
        #expect(!automaton.matches("1"))
    }

    @Test("$ does not match before a final newline, as in Swift Regex")
    func dollarBeforeNewline() throws {
        let pattern = "^a$"
        let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
        let automaton = try PatternCompiler.compile(pattern)
        for value in ["a", "a\n", "a\r\n", "a\n\n"] {
            #expect(automaton.matches(value) == ((try regex.firstMatch(in: value)) != nil))
        }
        #expect(!automaton.matches("a\n"))
        #expect(!(try PatternCompiler.compile("a$")).matches("a\n"))
    }

    @Test("dot refuses every newline scalar but matches other scalars one at a time")
    func dot() throws {
        let automaton = try PatternCompiler.compile("^.$")
        for newline in ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(!automaton.matches(newline))
        }
        for value in ["a", "é", "😀", "\u{301}", "\u{10FFFF}", "\t"] {
            #expect(automaton.matches(value))
        }
        #expect(!automaton.matches("e\u{301}"))
        #expect(try PatternCompiler.compile("^..$").matches("e\u{301}"))
    }

    @Test("a literal of several scalars repeats as a whole, as Swift Regex reads it")
    func multiScalarLiteral() throws {
        let automaton = try PatternCompiler.compile("^e\u{301}+$")
        #expect(automaton.matches("e\u{301}e\u{301}"))
        #expect(!automaton.matches("e\u{301}\u{301}"))
    }

    @Test("transitions never cover surrogates and are sorted, merged and disjoint")
    func transitionShape() throws {
        let automaton = try PatternCompiler.compile("^[^a]b$")
        let first = automaton.states[0]
        #expect(first.transitions.count == 1)
        #expect(first.transitions[0].ranges == [0...0x60, 0x62...0xD7FF, 0xE000...0x10FFFF])
    }

    @Test("a pattern that can never match is a single rejecting state")
    func emptyLanguage() throws {
        let automaton = try PatternCompiler.compile("^[^\u{0}-\u{10FFFF}]$")
        #expect(automaton.states == [.init(isAccepting: false, transitions: [])])
        #expect(!automaton.matches(""))
    }
}
