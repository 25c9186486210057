/// Regular expressions for JSON Schema `pattern`, written in the part of ECMA-262 that reads the
/// same with and without its `u` flag and in Python's `re`: literal characters, `\uXXXX` escapes
/// for control characters and white space, and classes.
enum OpenAPIPatterns {
    /// Matches a string with at least one character that is not Unicode `White_Space` (what the
    /// generated `nonWhitespace` check asks; the class is read from the Unicode tables).
    static let containsNonWhitespace = noneOf(whitespaceScalars)

    /// Matches an idempotency key `APIClient.idempotencyKeyField` sends: no control character
    /// (Unicode category Cc), which a header line cannot carry, and at least one character that
    /// is not white space.
    static let idempotencyKey =
        "^" + noneOf(controlScalars) + "*" + noneOf(controlScalars + whitespaceScalars) + noneOf(controlScalars)
        + "*$"

    /// Every scalar of Unicode category Cc (control): U+0000 to U+001F and U+007F to U+009F.
    static let controlScalars: [Unicode.Scalar] = (0...0x9F).compactMap { value in
        Unicode.Scalar(value).flatMap { $0.properties.generalCategory == .control ? $0 : nil }
    }

    /// The last scalar with the Unicode `White_Space` property, U+3000 IDEOGRAPHIC SPACE (a test
    /// checks the toolchain's Unicode tables have none after it). Scanning only up to it keeps
    /// generation fast: reading the property of all 1.1 million scalars took most of a run.
    static let lastWhitespaceScalar: UInt32 = 0x3000

    /// Every scalar with the Unicode `White_Space` property.
    static let whitespaceScalars: [Unicode.Scalar] = (0...lastWhitespaceScalar).compactMap { value in
        Unicode.Scalar(value).flatMap { $0.properties.isWhitespace ? $0 : nil }
    }

    /// A class matching one scalar that is none of `scalars` (runs of consecutive scalars are
    /// written as ranges).
    static func noneOf(_ scalars: [Unicode.Scalar]) -> String {
        let values = Set(scalars.map(\.value)).sorted()
        var out = "[^"
        var index = 0
        while index < values.count {
            var end = index
            while end + 1 < values.count, values[end + 1] == values[end] + 1 { end += 1 }
            out += classMember(values[index])
            if end > index { out += (end > index + 1 ? "-" : "") + classMember(values[end]) }
            index = end + 1
        }
        return out + "]"
    }

    /// A spec pattern (`Pattern.source`, read with Swift `Regex`'s meaning) as ECMA-262 reads
    /// it the same: each `.` outside a class becomes the class of what Swift's `.` matches,
    /// which leaves out U+000B, U+000C and U+0085 too, where ECMA's leaves out only U+000A,
    /// U+000D, U+2028 and U+2029. Everything else of the patterns the generator accepts (it
    /// refuses needless escapes, `\d` and the like) already reads the same in both.
    ///
    /// A literal character of several scalars (`e` + U+0301, an emoji with a joiner) is one atom
    /// to Swift, so a quantifier after it repeats all of it; ECMA-262 reads scalars, and would
    /// repeat the last one only. Each such character is exported as a group, `(?:e\u{301})`.
    /// (The parser refuses one inside a class or fused with punctuation.)
    static func ecma(_ source: String) -> String {
        var out = ""
        var inClass = false
        var escaped = false
        for character in source {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if inClass {
                inClass = character != "]"
            } else if character == "[" {
                inClass = true
            } else if character == "." {
                out += swiftDot
                continue
            } else if character.unicodeScalars.count > 1 {
                out += "(?:\(character))"
                continue
            }
            out.append(character)
        }
        return out
    }

    /// What Swift `Regex`'s `.` matches (`PatternParser.dot`), as a class.
    static let swiftDot = noneOf(
        PatternParser.dot.complement.ranges.flatMap { $0.compactMap(Unicode.Scalar.init) })

    /// `text` matched literally.
    static func literal(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if PatternParser.syntaxCharacters.contains(scalar) {
                out += "\\" + String(scalar)
            } else {
                out += escapedIfInvisible(scalar)
            }
        }
        return out
    }

    private static func classMember(_ value: UInt32) -> String {
        guard let scalar = Unicode.Scalar(value) else { return "" }
        if "\\]^-[".unicodeScalars.contains(scalar) { return "\\" + String(scalar) }
        return escapedIfInvisible(scalar)
    }

    /// Control characters, white space and other invisible scalars of the Basic Multilingual
    /// Plane as `\uXXXX`; every other scalar as itself.
    private static func escapedIfInvisible(_ scalar: Unicode.Scalar) -> String {
        let visible =
            scalar.value > 0x20 && scalar.value != 0x7F && !scalar.properties.isWhitespace
            && scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format
        guard !visible, scalar.value <= 0xFFFF else { return String(scalar) }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
