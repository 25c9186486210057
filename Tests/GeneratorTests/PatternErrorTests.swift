import Testing

@testable import SDKGenCore

@Suite("Pattern errors", .timeLimit(.minutes(3)))
struct PatternErrorTests {
    static let supported =
        "supported: anchors, literals, classes, ?, *, +, {m,n}, groups, alternation"

    static func unsupported(_ construct: String, _ name: String, _ column: Int) -> String {
        "unsupported construct '\(construct)' (\(name)) at column \(column); \(supported)"
    }

    static let cases: [(pattern: String, message: String, column: Int)] = [
        ("^a(?=b)", unsupported("(?=", "lookahead", 2), 2),
        ("(?!a)", unsupported("(?!", "negative lookahead", 0), 0),
        ("x(?<=a)b", unsupported("(?<=", "lookbehind", 1), 1),
        ("(?<!a)b", unsupported("(?<!", "negative lookbehind", 0), 0),
        ("(?<name>a)", unsupported("(?<", "named group", 0), 0),
        ("(?P<n>a)", unsupported("(?P", "named group", 0), 0),
        ("(?>a)", unsupported("(?>", "atomic group", 0), 0),
        ("(?i)a", unsupported("(?i", "inline options", 0), 0),
        ("(?#c)", unsupported("(?#", "comment", 0), 0),
        ("a(?", unsupported("(?", "group extension", 1), 1),
        ("a\\b", unsupported("\\b", "word boundary", 1), 1),
        ("(a)\\1", unsupported("\\1", "backreference", 3), 3),
        ("\\p{L}", unsupported("\\p", "Unicode property", 0), 0),
        ("\\Aa", unsupported("\\A", "input anchor; use ^ and $", 0), 0),
        ("\\x41", unsupported("\\x", "scalar escape; write the character itself", 0), 0),
        ("\\q", unsupported("\\q", "unknown escape", 0), 0),
        ("a*?", unsupported("*?", "lazy quantifier", 1), 1),
        ("a{2,3}?", unsupported("{2,3}?", "lazy quantifier", 1), 1),
        ("a++", unsupported("++", "possessive quantifier", 1), 1),
        (
            "a**",
            "quantifier '*' at column 2 follows another quantifier; group the repeated part: (?:...)", 2
        ),
        (
            "a{2}{3}",
            "quantifier '{3}' at column 4 follows another quantifier; group the repeated part: (?:...)",
            4
        ),
        (
            "\\d",
            "'\\d' at column 0 matches every Unicode decimal digit (e.g. '٣'), not just 0-9; write [0-9]",
            0
        ),
        (
            "[\\d]",
            "'\\d' at column 1 matches every Unicode decimal digit (e.g. '٣'), not just 0-9; write [0-9]",
            1
        ),
        (
            "é\\w",
            "'\\w' at column 1 matches every Unicode letter, digit and connector (e.g. 'é'); write [A-Za-z0-9_]",
            1
        ),
        (
            "\\s",
            "'\\s' at column 0 matches every Unicode space (e.g. U+00A0 and U+2028); list the ones you mean, e.g. [ \\t]",
            0
        ),
        ("a{5,2}", "quantifier {5,2} at column 1: minimum exceeds maximum", 1),
        ("a{1001}", "quantifier {1001} at column 1: counts above 1000 are not supported", 1),
        (
            "a{1,99999999999999999999}",
            "quantifier {1,99999999999999999999} at column 1: counts above 1000 are not supported", 1
        ),
        ("a{,3}", "quantifier {,3} at column 1 has no minimum; write {0,n}", 1),
        (
            "a{x}",
            "'{' at column 1 does not start a quantifier {m}, {m,} or {m,n}; escape a literal brace as \\{",
            1
        ),
        ("{2}", "quantifier '{2}' at column 0 has nothing to repeat", 0),
        ("*a", "quantifier '*' at column 0 has nothing to repeat", 0),
        ("^+", "quantifier '+' at column 1 has nothing to repeat", 1),
        ("a|?", "quantifier '?' at column 2 has nothing to repeat", 2),
        (
            String(repeating: "(", count: 200_000), "group at column 100 is nested more than 100 deep",
            100
        ),
        ("(a", "unclosed group: '(' at column 0 has no matching ')'", 0),
        ("a)", "unmatched ')' at column 1; escape a literal parenthesis as \\)", 1),
        ("x[a", "unclosed class: '[' at column 1 has no matching ']'", 1),
        ("a]", "unmatched ']' at column 1; escape a literal bracket as \\]", 1),
        ("a}", "unmatched '}' at column 1; escape a literal brace as \\}", 1),
        ("[]", "empty class '[]' at column 0", 0),
        ("a[^]", "empty class '[^]' at column 1", 1),
        (
            "[[:alpha:]]",
            "'[' at column 1 inside a class (nested or POSIX class) is not supported; escape a literal bracket as \\[",
            1
        ),
        ("[a&&b]", "class set operation '&&' at column 2 is not supported", 2),
        ("[a--b]", "class set operation '--' at column 2 is not supported", 2),
        ("[a~~b]", "class set operation '~~' at column 2 is not supported", 2),
        (
            "[a-c-e]",
            "'-' at column 4 in a class is neither a range nor first or last; escape a literal hyphen as \\-",
            4
        ),
        ("[z-a]", "invalid class range 'z-a' at column 1: U+007A is above U+0061", 1),
        (
            "a^",
            "'^' at column 1 is only supported at the start of the pattern; escape a literal caret as \\^",
            1
        ),
        (
            "a$b",
            "'$' at column 1 is only supported at the end of the pattern; escape a literal dollar as \\$",
            1
        ),
        (
            "(a$)",
            "'$' at column 2 is only supported at the end of the pattern; escape a literal dollar as \\$",
            2
        ),
        (
            "^a|b",
            "'|' at column 2 splits an anchored pattern, so '^' would bind to the first alternative only "
                + "and '$' to the last only; group them: ^(?:a|b)", 2
        ),
        ("a\\", "unfinished escape: '\\' at column 1 ends the pattern", 1),
        (
            "a\\#",
            "'\\#' at column 1 escapes a character that needs no escape, which ECMA-262's Unicode mode "
                + "(used by OpenAPI validators) refuses; write '#'", 1
        ),
        (
            "a(\u{301}",
            "character at column 1 joins ASCII punctuation or a space with other scalars "
                + "(e.g. a combining mark); Swift Regex would read it as one character", 1
        ),
        (
            "[e\u{301}]",
            "class member at column 1 is a sequence of several Unicode scalars; a class matches one scalar",
            1
        ),
        (
            "(a{1000}){1000}",
            "pattern too complex: expanding its repeats needs more than 100000 NFA states", 0
        ),
        ("a.{20}", "pattern too complex: its automaton needs more than 10000 states", 0),
        (
            "(?:a|b){0,1000}c",
            "pattern too complex: building its automaton takes more than 5000000 steps", 0
        ),
    ]

    /// More patterns for kinds of error already in `cases`.
    static let variants: [(pattern: String, message: String, column: Int)] = [
        (
            "a{1",
            "'{' at column 1 does not start a quantifier {m}, {m,} or {m,n}; escape a literal brace as \\{",
            1
        ),
        (
            "a{}",
            "'{' at column 1 does not start a quantifier {m}, {m,} or {m,n}; escape a literal brace as \\{",
            1
        ),
        ("[]a]", "empty class '[]' at column 0", 0),
        (
            "(^a)",
            "'^' at column 1 is only supported at the start of the pattern; escape a literal caret as \\^",
            1
        ),
        (
            "a|b$",
            "'|' at column 1 splits an anchored pattern, so '^' would bind to the first alternative only "
                + "and '$' to the last only; group them: (?:a|b)$", 1
        ),
        (
            "^a|b|c$",
            "'|' at column 2 splits an anchored pattern, so '^' would bind to the first alternative only "
                + "and '$' to the last only; group them: ^(?:a|b|c)$", 2
        ),
        (
            "^(x)|[|]y|z\\\\$",
            "'|' at column 4 splits an anchored pattern, so '^' would bind to the first alternative only "
                + "and '$' to the last only; group them: ^(?:(x)|[|]y|z\\\\)$", 4
        ),
        (
            "a \u{301}",
            "character at column 1 joins ASCII punctuation or a space with other scalars "
                + "(e.g. a combining mark); Swift Regex would read it as one character", 1
        ),
        ("[!--]", "class set operation '--' at column 2 is not supported", 2),
        (
            "a\\-",
            "'\\-' at column 1 escapes a character that needs no escape, which ECMA-262's Unicode mode "
                + "(used by OpenAPI validators) refuses; write '-'", 1
        ),
        (
            "[a-z0-9\\_]",
            "'\\_' at column 7 escapes a character that needs no escape, which ECMA-262's Unicode mode "
                + "(used by OpenAPI validators) refuses; write '_'", 7
        ),
        (
            "\\ ",
            "'\\ ' at column 0 escapes a character that needs no escape, which ECMA-262's Unicode mode "
                + "(used by OpenAPI validators) refuses; write ' '", 0
        ),
        (
            "[\\w-z]",
            "'\\w' at column 1 matches every Unicode letter, digit and connector (e.g. 'é'); write [A-Za-z0-9_]",
            1
        ),
    ]

    @Test("each refused construct has its own exact message and column", arguments: cases + variants)
    func refused(pattern: String, message: String, column: Int) {
        #expect(throws: PatternError(message, column: column)) { try PatternCompiler.compile(pattern) }
    }

    @Test("every error message is distinct")
    func distinctMessages() {
        let messages = Self.cases.map(\.message)
        #expect(Set(messages).count == messages.count)
    }

    @Test("edge cases of the supported subset compile")
    func supportedEdgeCases() {
        for pattern in [
            "a", "^a$", "[a-]", "[-a]", "a{0}", "(?:)", "()", "a||b", #"\^\$\\\.\*\+\?\(\)\[\]\{\}\|\/"#, #"[\-\]\\]"#,
        ] {
            #expect(throws: Never.self) { try PatternCompiler.compile(pattern) }
        }
    }
}
