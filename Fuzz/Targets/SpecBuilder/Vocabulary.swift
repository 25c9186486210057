/// The words the builder makes specs of: ordinary names, names that clash with Swift and the
/// modules generated code imports, and names and values that break the rules, so that most built
/// specs load (and reach translation and rendering) and the rest test the diagnostics.
enum Vocabulary {
    /// Type names a spec may use, many of them names of Swift and of the modules generated code
    /// imports.
    static let typeNames = [
        "Note", "Item", "Person", "Tag", "Data", "Date", "URL", "String", "Type", "Protocol", "Optional",
        "Codable", "Error", "Result", "Task", "JSONValue", "APIClient", "APIError", "Void", "Never", "Comment",
        "Test", "Suite", "Issue", "Bug", "Trait", "Mutex", "Regex", "Duration", "Int64", "A", "B1", "Zz",
        "CodingKeys", "Decoder", "Array", "Dictionary", "Set", "Bool", "Double", "UUID", "Locale", "Never",
    ]

    /// Type names no spec may use.
    static let badTypeNames = ["class", "note", "Ñame", "", "X_Y", "DemoAPI", "DemoClient", "Self", "Any"]

    /// Member, rule, constant and enum value names a spec may use, many of them Swift keywords
    /// and names generated code or Swift itself declares.
    static let memberNames = [
        "id", "name", "self", "Type", "description", "hashValue", "class", "init", "default", "rawValue",
        "value", "camelCase", "snake_case", "Upper", "a1", "x", "CodingKeys", "violations", "encode",
        "unknown", "knownCases", "return", "true", "nil", "some", "for", "in", "where", "async", "await",
    ]

    /// Names no spec may use for a member.
    static let badMemberNames = ["", "with-dash", "_hidden", "$ref", "ünï", "a b"]

    static let strings = [
        "", " ", "a", "abc", "n_abc123", "Hello, world", "😀", "e\u{301}", "\0", "a\r\nb", "-", "\t",
        "2026-11-29T10:00:00Z", "2026-11-30T08:30:00.250Z", "not a date", "vh_anon_x", "$MBJExternalID:",
        "\\", "\"", "{value}", String(repeating: "x", count: 300), "work", "to-read", "Q4 report 📈",
        "0123456789abcdef0123456789abcdef", "550e8400-e29b-41d4-a716-446655440000",
    ]

    /// Patterns the generator compiles.
    static let patterns = [
        "^[a-z][a-z0-9_]{0,63}$", "^n_[a-z0-9]{6,24}$", "^.{0,5}$", "a|b|", "^(a|b)*c$", "x{100}", ".*", "^$",
        "[^a-z]", "^[A-Z]{3}$", "(?:ab)+", "^\\^\\$$", "^[a-z-]+$", "é+", "^😀?$", "^[0-9a-f]{32}$",
    ]

    /// Patterns it refuses.
    static let badPatterns = ["^([a-z]$", "[", "a{2,1}", "(?=x)", "\\d", "a{1001}", "", "a**"]

    static let patternAlphabet: [Character] = [
        "^", "$", ".", "(", ")", "[", "]", "{", "}", "|", "?", "*", "+", "-", "\\", "a", "z", "0", "9", ",", ":",
        "1", "2", "é", "😀",
    ]

    /// Limits a spec may state, up to the largest the generator accepts.
    static let limits = [1, 2, 3, 5, 10, 63, 64, 100, 255, 256, 1000, 100_000, 1_000_000]

    /// Numbers beside the limits: past them, negative, zero.
    static let badLimits = [0, 100_001, 1_000_001, 100_000_000, -1]

    static let durations = ["500ms", "2s", "5m", "1h", "2d", "10s"]

    static let badDurations = ["0s", "10x", "", "-1s", "99999999999d"]

    static let units = ["characters", "unicodeScalars", "utf8Bytes", "utf16CodeUnits"]

    static let baseTypes = ["string", "integer", "number", "boolean", "date", "json"]

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    static let errorCodes = ["INVALID_ARGUMENT", "NOT_FOUND", "RATE_LIMITED", "AUTHENTICATION_FAILED", "CONFLICT"]

    static let categories = ["rejected", "authenticationFailed", "retryable"]

    static let errorStatuses = [400, 401, 404, 409, 429, 500, 503]

    static let identifierBodies = ["uuid", "uuidHex32", "sha256Hex32"]
}
