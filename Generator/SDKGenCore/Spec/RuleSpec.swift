/// A validation rule: what values an input may take, each failure a named reason.
public struct RuleSpec: Hashable, Sendable {
    /// The three shapes of rule.
    public enum Kind: Hashable, Sendable {
        /// Checks on a string.
        case string(StringRule)
        /// Which kinds of JSON value are allowed.
        case value(ValueRule)
        /// A map whose keys and values follow other rules, with a size limit.
        case map(MapRule)
    }
    /// The rule's name (`externalUserId`), which names the generated validator.
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
    /// What the rule protects.
    public var doc: String
    /// The checks.
    public var kind: Kind
    /// Values that must pass.
    public var validExamples: [RuleExample]
    /// Values that must fail, each with the reason expected.
    public var invalidExamples: [RuleExample]

    /// The reasons this rule can report, in the order its checks run.
    public var reasons: [RuleReason] {
        switch kind {
        case .string(let rule): rule.reasons
        case .value: [.kindNotAllowed]
        case .map(let rule):
            (rule.maxCount == nil ? [] : [.tooMany]) + [.invalidKey]
                + (rule.valueRule == nil ? [] : [.invalidValue])
        }
    }
}

/// Why a value broke a rule: the cases of every generated `Violation` enum.
public enum RuleReason: String, Hashable, Sendable, CaseIterable {
    /// Empty, or only whitespace.
    case blank
    /// Shorter than the minimum length.
    case tooShort
    /// Longer than the maximum length.
    case tooLong
    /// Contains a forbidden character.
    case forbiddenCharacter
    /// Starts with a forbidden prefix.
    case forbiddenPrefix
    /// Does not match the pattern.
    case patternMismatch
    /// A JSON value of a kind the rule does not allow.
    case kindNotAllowed
    /// More entries than allowed.
    case tooMany
    /// A key that breaks the key rule.
    case invalidKey
    /// A value that breaks the value rule.
    case invalidValue
}

/// The unit a length limit counts in; a spec must say which.
public enum LengthUnit: String, Hashable, Sendable, CaseIterable {
    /// User-perceived characters (Swift `Character`, extended grapheme clusters).
    case characters
    /// Unicode scalars (code points).
    case unicodeScalars
    /// Bytes of UTF-8.
    case utf8Bytes
    /// UTF-16 code units (what JavaScript's `length` counts).
    case utf16CodeUnits
}

/// Checks on a string, run in a fixed order: blank, length, forbidden characters, forbidden
/// prefixes, pattern.
public struct StringRule: Hashable, Sendable {
    /// Requires at least one character that is not whitespace.
    public var requiresNonWhitespace: Bool
    /// The least length, if any.
    public var minLength: Int?
    /// The greatest length, if any.
    public var maxLength: Int?
    /// What lengths count.
    public var lengthUnit: LengthUnit
    /// Characters that may not appear anywhere (as Unicode scalars).
    public var forbiddenCharacters: [Unicode.Scalar]
    /// Prefixes the value may not start with.
    public var forbiddenPrefixes: [String]
    /// A pattern the whole value must match, with its compiled automaton.
    public var pattern: CompiledPatternSpec?

    /// The reasons these checks can report, in order.
    public var reasons: [RuleReason] {
        var reasons: [RuleReason] = []
        if requiresNonWhitespace { reasons.append(.blank) }
        if minLength != nil { reasons.append(.tooShort) }
        if maxLength != nil { reasons.append(.tooLong) }
        if !forbiddenCharacters.isEmpty { reasons.append(.forbiddenCharacter) }
        if !forbiddenPrefixes.isEmpty { reasons.append(.forbiddenPrefix) }
        if pattern != nil { reasons.append(.patternMismatch) }
        return reasons
    }
}

/// A pattern as written and as compiled.
public struct CompiledPatternSpec: Hashable, Sendable {
    /// The pattern text.
    public var source: String
    /// The automaton the generator renders as character checks.
    public var automaton: PatternAutomaton
}

/// Which kinds of JSON value are allowed, and what happens to a number that is not finite.
public struct ValueRule: Hashable, Sendable {
    /// What to do with NaN and infinities.
    public enum NonFinitePolicy: String, Hashable, Sendable, CaseIterable {
        /// Replace with `null` (needs `null` to be allowed).
        case null
        /// Refuse as `kindNotAllowed`.
        case reject
    }
    /// The allowed kinds, in spec order.
    public var allowedKinds: [JSONKind]
    /// What happens to a number that is not finite.
    public var nonFiniteNumbers: NonFinitePolicy
}

/// The kinds of JSON value a value rule names.
public enum JSONKind: String, Hashable, Sendable, CaseIterable {
    /// `null`.
    case null
    /// `true`/`false`.
    case boolean
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object
}

/// A map with rule-checked keys and values and an optional size limit.
public struct MapRule: Hashable, Sendable {
    /// The string rule every key must pass.
    public var keyRule: String
    /// The rule every value must pass, if any.
    public var valueRule: String?
    /// The most entries allowed.
    public var maxCount: Int?
}

/// A rule example: a value, and for an invalid one the reason expected.
public struct RuleExample: Hashable, Sendable {
    /// The value (a string for string rules, JSON for value and map rules).
    public var value: JSONLiteral
    /// The expected reason (invalid examples only).
    public var reason: RuleReason?
    /// Where the example is written.
    public var location: SourceLocation
}
