/// Compiles a validation pattern into a minimal `PatternAutomaton`.
///
/// Supported: `^` first and `$` last (a side without one matches anywhere, like `firstMatch`),
/// literals, escaped ASCII punctuation, `\n` `\t` `\r` `\f`, `.`, classes `[...]` and `[^...]`
/// with ranges, `?` `*` `+` `{m}` `{m,}` `{m,n}` (counts up to 1000), groups `(...)` and
/// `(?:...)`, and `|`. Matching is per Unicode scalar and agrees with Swift Regex:
/// `automaton.matches(s) == ((try? Regex(pattern).matchingSemantics(.unicodeScalar)
/// .firstMatch(in: s)) != nil)`. Like Swift Regex, `$` matches only at the very end (not before a
/// final newline), and `.` matches any scalar except U+000A...U+000D, U+0085, U+2028, U+2029.
public enum PatternCompiler {
  /// The automaton that matches exactly the strings `pattern` matches.
  public static func compile(_ pattern: String) throws(PatternError) -> PatternAutomaton {
    let parsed = try PatternParser.parse(pattern)
    let nfa = try PatternNFA(parsed)
    return PatternAutomaton(try SymbolDFA(determinizing: nfa).minimized())
  }
}
