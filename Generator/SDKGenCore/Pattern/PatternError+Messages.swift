/// Every message the pattern compiler can produce, in one place so that each stays distinct.
extension PatternError {
    /// The one-line summary of what patterns may use.
    static let supportedSummary =
        "supported: anchors, literals, classes, ?, *, +, {m,n}, groups, alternation"

    static func unsupported(_ construct: String, _ name: String, at column: Int) -> PatternError {
        PatternError(
            "unsupported construct '\(construct)' (\(name)) at column \(column); \(supportedSummary)",
            column: column)
    }

    static func needlessEscape(_ character: Character, at column: Int) -> PatternError {
        PatternError(
            "'\\\(character)' at column \(column) escapes a character that needs no escape, which "
                + "ECMA-262's Unicode mode (used by OpenAPI validators) refuses; write '\(character)'",
            column: column)
    }

    static func unicodeShorthand(_ letter: Character, at column: Int) -> PatternError {
        let detail =
            switch letter {
            case "d": "every Unicode decimal digit (e.g. '٣'), not just 0-9; write [0-9]"
            case "w": "every Unicode letter, digit and connector (e.g. 'é'); write [A-Za-z0-9_]"
            default: "every Unicode space (e.g. U+00A0 and U+2028); list the ones you mean, e.g. [ \\t]"
            }
        return PatternError("'\\\(letter)' at column \(column) matches \(detail)", column: column)
    }

    static func minimumExceedsMaximum(_ quantifier: String, at column: Int) -> PatternError {
        PatternError(
            "quantifier \(quantifier) at column \(column): minimum exceeds maximum", column: column)
    }

    static func countTooLarge(_ quantifier: String, limit: Int, at column: Int) -> PatternError {
        PatternError(
            "quantifier \(quantifier) at column \(column): counts above \(limit) are not supported",
            column: column)
    }

    static func missingMinimum(_ quantifier: String, at column: Int) -> PatternError {
        PatternError(
            "quantifier \(quantifier) at column \(column) has no minimum; write {0,n}", column: column)
    }

    static func malformedBrace(at column: Int) -> PatternError {
        PatternError(
            "'{' at column \(column) does not start a quantifier {m}, {m,} or {m,n}; "
                + "escape a literal brace as \\{", column: column)
    }

    static func unmatchedBrace(at column: Int) -> PatternError {
        PatternError("unmatched '}' at column \(column); escape a literal brace as \\}", column: column)
    }

    static func nestedTooDeep(limit: Int, at column: Int) -> PatternError {
        PatternError(
            "group at column \(column) is nested more than \(limit) deep", column: column)
    }

    static func unclosedGroup(at column: Int) -> PatternError {
        PatternError("unclosed group: '(' at column \(column) has no matching ')'", column: column)
    }

    static func unmatchedParenthesis(at column: Int) -> PatternError {
        PatternError(
            "unmatched ')' at column \(column); escape a literal parenthesis as \\)", column: column)
    }

    static func unclosedClass(at column: Int) -> PatternError {
        PatternError("unclosed class: '[' at column \(column) has no matching ']'", column: column)
    }

    static func unmatchedBracket(at column: Int) -> PatternError {
        PatternError(
            "unmatched ']' at column \(column); escape a literal bracket as \\]", column: column)
    }

    static func emptyClass(_ text: String, at column: Int) -> PatternError {
        PatternError("empty class '\(text)' at column \(column)", column: column)
    }

    static func nestedClass(at column: Int) -> PatternError {
        PatternError(
            "'[' at column \(column) inside a class (nested or POSIX class) is not supported; "
                + "escape a literal bracket as \\[", column: column)
    }

    static func classSetOperation(_ operation: String, at column: Int) -> PatternError {
        PatternError(
            "class set operation '\(operation)' at column \(column) is not supported", column: column)
    }

    static func ambiguousHyphen(at column: Int) -> PatternError {
        PatternError(
            "'-' at column \(column) in a class is neither a range nor first or last; "
                + "escape a literal hyphen as \\-", column: column)
    }

    static func invalidRange(_ lower: Unicode.Scalar, _ upper: Unicode.Scalar, at column: Int)
        -> PatternError
    {
        PatternError(
            "invalid class range '\(lower)-\(upper)' at column \(column): "
                + "\(lower.codePoint) is above \(upper.codePoint)", column: column)
    }

    static func nothingToRepeat(_ quantifier: String, at column: Int) -> PatternError {
        PatternError(
            "quantifier '\(quantifier)' at column \(column) has nothing to repeat", column: column)
    }

    static func stackedQuantifier(_ quantifier: String, at column: Int) -> PatternError {
        PatternError(
            "quantifier '\(quantifier)' at column \(column) follows another quantifier; "
                + "group the repeated part: (?:...)", column: column)
    }

    static func misplacedStartAnchor(at column: Int) -> PatternError {
        PatternError(
            "'^' at column \(column) is only supported at the start of the pattern; "
                + "escape a literal caret as \\^", column: column)
    }

    static func misplacedEndAnchor(at column: Int) -> PatternError {
        PatternError(
            "'$' at column \(column) is only supported at the end of the pattern; "
                + "escape a literal dollar as \\$", column: column)
    }

    static func anchoredAlternation(at column: Int, pattern: [Character]) -> PatternError {
        PatternError(
            "'|' at column \(column) splits an anchored pattern, so '^' would bind to the first "
                + "alternative only and '$' to the last only; group them: \(AnchoredAlternation.grouped(pattern))",
            column: column)
    }

    static func unfinishedEscape(at column: Int) -> PatternError {
        PatternError("unfinished escape: '\\' at column \(column) ends the pattern", column: column)
    }

    static func combinedWithPunctuation(at column: Int) -> PatternError {
        PatternError(
            "character at column \(column) joins ASCII punctuation or a space with other scalars "
                + "(e.g. a combining mark); Swift Regex would read it as one character", column: column)
    }

    static func combinedInClass(at column: Int) -> PatternError {
        PatternError(
            "class member at column \(column) is a sequence of several Unicode scalars; "
                + "a class matches one scalar", column: column)
    }

    static func tooManyNFAStates(limit: Int) -> PatternError {
        PatternError(
            "pattern too complex: expanding its repeats needs more than \(limit) NFA states",
            column: 0)
    }

    static func tooManyDFAStates(limit: Int) -> PatternError {
        PatternError("pattern too complex: its automaton needs more than \(limit) states", column: 0)
    }

    static func tooMuchWork(limit: Int) -> PatternError {
        PatternError(
            "pattern too complex: building its automaton takes more than \(limit) steps", column: 0)
    }
}
