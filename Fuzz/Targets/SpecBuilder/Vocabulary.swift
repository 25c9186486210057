/// The words the builder makes specs of: ordinary names, names that clash with Swift and the
/// modules generated code imports, and names and values that break the rules, so that most built
/// specs load (and reach translation and rendering) and the rest test the diagnostics.
enum Vocabulary {
    static let typeNames = [
        "Note", "Item", "Person", "Tag", "Data", "Date", "URL", "String", "Type", "Self", "Protocol", "Any",
        "Optional", "Codable", "Error", "Result", "Task", "JSONValue", "APIClient", "APIError", "Void", "Never",
        "Comment", "Test", "Suite", "Issue", "Bug", "Trait", "Mutex", "Regex", "Duration", "Int64", "A", "B1",
        "Zz", "class", "note", "Ñame", "", "X_Y", "DemoAPI", "DemoClient", "DemoConstants", "CodingKeys",
    ]

    static let memberNames = [
        "id", "name", "self", "Type", "description", "hashValue", "class", "init", "default", "rawValue",
        "value", "camelCase", "snake_case", "with-dash", "Upper", "a1", "x", "", "_hidden", "$ref", "ünï",
        "CodingKeys", "violations", "encode", "unknown", "knownCases", "return", "true", "nil", "some",
    ]

    static let strings = [
        "", " ", "a", "abc", "n_abc123", "Hello, world", "😀", "e\u{301}", "\0", "a\r\nb", "-", "\t",
        "2026-11-29T10:00:00Z", "2026-11-30T08:30:00.250Z", "not a date", "vh_anon_x", "$MBJExternalID:",
        "\\", "\"", "{value}", String(repeating: "x", count: 300), "work", "to-read", "Q4 report 📈",
        "0123456789abcdef0123456789abcdef", "550e8400-e29b-41d4-a716-446655440000",
    ]

    static let patterns = [
        "^[a-z][a-z0-9_]{0,63}$", "^n_[a-z0-9]{6,24}$", "^([a-z]$", "[", "a{2,1}", "(?=x)", "\\d", "^.{0,5}$",
        "a|b|", "^(a|b)*c$", "x{1000}", ".*", "^$", "[^a-z]", "^[A-Z]{3}$", "(?:ab)+", "a{1001}", "^\\^\\$$",
        "^[a-z-]+$", "é+", "^😀?$", "",
    ]

    static let patternAlphabet: [Character] = [
        "^", "$", ".", "(", ")", "[", "]", "{", "}", "|", "?", "*", "+", "-", "\\", "a", "z", "0", "9", ",", ":",
        "1", "2", "é", "😀",
    ]

    static let reasons = [
        "blank", "tooShort", "tooLong", "forbiddenCharacter", "forbiddenPrefix", "patternMismatch",
        "kindNotAllowed", "tooMany", "invalidKey", "invalidValue", "bogus",
    ]

    static let numbers = [
        0, 1, 2, 3, 5, 10, 63, 64, 100, 255, 256, 1000, 100_000, 100_001, 100_000_000, 100_000_001, -1,
    ]

    static let durations = ["500ms", "2s", "5m", "1h", "2d", "0s", "10x", "", "-1s", "99999999999d"]

    static let units = ["characters", "unicodeScalars", "utf8Bytes", "utf16CodeUnits", "bytes"]

    static let baseTypes = ["string", "integer", "number", "boolean", "date", "json", "bool", "int"]

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "get", "TRACE"]

    static let errorCodes = ["INVALID_ARGUMENT", "NOT_FOUND", "RATE_LIMITED", "AUTHENTICATION_FAILED", "badCode"]

    static let categories = ["rejected", "authenticationFailed", "retryable", "other"]

    static let statuses = [200, 201, 204, 400, 401, 404, 429, 500, 503, 99, 600]

    static let identifierBodies = ["uuid", "uuidHex32", "sha256Hex32", "base64"]
}
