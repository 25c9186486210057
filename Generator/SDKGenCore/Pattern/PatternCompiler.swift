/// Compiles a validation pattern into a minimal `PatternAutomaton`.
///
/// Supported: `^` first and `$` last (a side without one matches anywhere), literals (a
/// character of several scalars is one atom), a backslash before ASCII punctuation or space,
/// `\n` `\t` `\r` `\f`, `.`, classes `[...]` and `[^...]` with ranges (a literal `-` first or
/// last), `?` `*` `+` `{m}` `{m,}` `{m,n}` (counts up to 1000), groups `(...)` and `(?:...)`
/// nested up to 100 deep, and `|`. Everything else is refused with a `PatternError`, including
/// `\d` `\w` `\s` (Unicode-wide in Swift Regex), `{,n}`, a bare `{` or `}`, and `^a|b$`-style
/// anchors on a top-level alternation.
///
/// Matching is per Unicode scalar and agrees with Swift Regex:
/// `automaton.matches(s) == ((try? Regex(pattern).matchingSemantics(.unicodeScalar)
/// .firstMatch(in: s)) != nil)`, which for a `^...$` pattern equals `wholeMatch`. As in Swift
/// Regex, `$` matches only at the very end (not before a final newline), and `.` matches any
/// scalar except U+000A...U+000D, U+0085, U+2028 and U+2029.
///
/// Limits: 100,000 NFA states, 10,000 DFA states and 5,000,000 steps of subset construction;
/// beyond them the pattern is refused as too complex.
public enum PatternCompiler {
    /// The automaton that matches exactly the strings `pattern` matches.
    public static func compile(_ pattern: String) throws(PatternError) -> PatternAutomaton {
        let parsed = try PatternParser.parse(pattern)
        let nfa = try PatternNFA(parsed)
        return PatternAutomaton(try SymbolDFA(determinizing: nfa).minimized())
    }
}
