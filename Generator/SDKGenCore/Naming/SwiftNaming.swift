/// The one place that turns spec names into Swift names.
///
/// Names are split into words at anything that is not a letter or digit and at case changes,
/// then joined in camel case; a name that would start with what cannot start a Swift name (a
/// digit, a combining mark) gets a leading `_`. Swift keywords are escaped with backticks; names that would clash
/// with members Swift synthesizes or the generated code itself declares get a trailing `_`.
public enum SwiftNaming {
    /// Every Swift keyword, in any context, escaped with backticks when used as a name.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "async", "actor", "associativity", "convenience",
        "dynamic", "didSet", "final", "get", "infix", "indirect", "lazy", "left", "mutating", "none", "nonmutating",
        "optional", "override", "postfix", "precedence", "prefix", "Protocol", "required", "right", "set", "some",
        "Type", "unowned", "weak", "willSet", "any", "consume", "copy", "each", "macro", "discard", "then",
        "sending", "isolated", "_",
    ]

    /// Member names that clash with what Swift synthesizes or the generated code declares;
    /// such a name gets a trailing underscore.
    public static let reservedMembers: Set<String> = [
        "init", "self", "Self", "Type", "Protocol", "description", "debugDescription", "hashValue", "hash",
        "rawValue", "encode", "allCases", "unknown", "CodingKeys", "knownCases",
        "super", "deinit", "subscript",
    ]

    /// Type names that would shadow names the generated code relies on (module names among
    /// them); they get a trailing `_`, as do the names of `standardLibraryTypeNames`.
    public static let reservedTypes: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch", "SDKRuntime",
        "SDKEmulator", "Testing", "Type", "Protocol", "Self", "Any", "Error", "Violation",
        "CodingKeys", "Decoder", "Encoder", "Sendable", "Hashable", "Codable", "Never", "Optional",
    ]

    /// Whether `text` is already an upper-camel word (letters and digits, starting upper-case).
    public static func isTypeIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isUppercase else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// The words of a spec name: `active_perk-slugs`, `activePerkSlugs` and `ActivePerkSlugs`
    /// all give `active`, `Perk`, `Slugs`-like words.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for scalar in name.unicodeScalars {
            let kind = CharacterKind(scalar)
            guard kind != .separator else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if kind == .upper, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = kind == .lower || kind == .digit
        }
        if !current.isEmpty { words.append(current) }
        if words.isEmpty && !name.isEmpty { return spelledOut(name) }
        let isScreamingSnake = name.unicodeScalars.contains { CharacterKind($0) == .separator }
        guard isScreamingSnake else { return words }
        return words.map { word in
            word.count > 1 && word.allSatisfy({ $0.isUppercase || $0.isNumber })
                ? word.prefix(1) + word.dropFirst().lowercased() : word
        }
    }

    /// The words of a name without a letter or digit (`#`, `👍`): the Unicode names of its
    /// scalars (`Number`, `Sign`; `Thumbs`, `Up`, `Sign`), or `U` and the code point in hex for a
    /// scalar without a name. Unicode never changes a name once given, so neither does the
    /// Swift name, except for a scalar the toolchain's Unicode tables do not name yet, whose
    /// `U` name gives way to the real one on a toolchain that knows it.
    private static func spelledOut(_ name: String) -> [String] {
        name.unicodeScalars.flatMap { scalar in
            let spelling =
                scalar.properties.name ?? scalar.properties.nameAlias
                ?? "U " + String(scalar.value, radix: 16, uppercase: true)
            return spelling.split(whereSeparator: { $0 == " " || $0 == "-" }).map { word in
                String(word.prefix(1)) + word.dropFirst().lowercased()
            }
        }
    }

    /// Upper camel case: `group_type` → `GroupType`.
    static func upperCamel(_ name: String) -> String {
        if isPlainCamel(name, upper: true) { return name }
        var result = words(name).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if result.isEmpty { result = "_" }
        if let first = result.unicodeScalars.first, !SwiftIdentifierScalars.isHead(first) { result = "_" + result }
        return result
    }

    /// Lower camel case: `active_perk_slugs` → `activePerkSlugs`; a name already in lower camel
    /// case is kept as it is.
    static func lowerCamel(_ name: String) -> String {
        if isPlainCamel(name, upper: false) { return name }
        let parts = words(name)
        guard let head = parts.first else { return "_" }
        let leadingCapitals = head.prefix { $0.isUppercase }.count
        var result: String
        if leadingCapitals == head.count || head.allSatisfy({ $0.isUppercase || $0.isNumber }) {
            result = head.lowercased()
        } else if leadingCapitals > 1 {
            result = head.prefix(leadingCapitals - 1).lowercased() + head.dropFirst(leadingCapitals - 1)
        } else {
            result = head.prefix(1).lowercased() + head.dropFirst()
        }
        result += parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = result.unicodeScalars.first, !SwiftIdentifierScalars.isHead(first) { result = "_" + result }
        return result
    }

    /// Whether `name` is ASCII letters and digits starting with a letter of the wanted case: the
    /// camel-case conversion then gives `name` back unchanged (every later word already starts
    /// upper-case), so the word splitting can be skipped.
    static func isPlainCamel(_ name: String, upper: Bool) -> Bool {
        guard let first = name.utf8.first,
            upper
                ? (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
                : (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: false
            }
        }
    }

    /// The Swift type name for a spec name, safe to write anywhere a type goes.
    public static func typeName(_ specName: String) -> String {
        let name = upperCamel(specName)
        return reservedTypes.contains(name) || keywords.contains(name) || standardLibraryTypeNames.contains(name)
            ? name + "_" : name
    }

    /// The Swift name of a property, function, case or constant, as it is declared and used
    /// (keywords in backticks, reserved names with a trailing `_`).
    public static func memberName(_ specName: String) -> String {
        let name = lowerCamel(specName)
        if reservedMembers.contains(name) { return name + "_" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// The Swift name of an enum case: a member name, except that `none` gets a trailing `_` as
    /// reserved names do. A case spelled `none` would read as `Optional.none` wherever the enum
    /// is optional (`Thing(kind: .none)` sets no kind), which Swift only warns about.
    public static func caseName(_ specName: String) -> String {
        lowerCamel(specName) == "none" ? "none_" : memberName(specName)
    }

    /// The label of an argument that passes the member `specName` in a call: without backticks,
    /// which a keyword needs there only when it is `inout`.
    public static func argumentLabel(_ specName: String) -> String {
        let name = plainMemberName(specName)
        return name == "inout" ? "`inout`" : name
    }

    /// A member name without backticks, for use inside a longer identifier or a string.
    public static func plainMemberName(_ specName: String) -> String {
        let name = memberName(specName)
        return name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }
}

/// How a name's scalar counts when splitting it into words (ASCII is decided without Unicode
/// property lookups, which dominate generation time on large specs otherwise). Only letters
/// Swift takes in an identifier (`SwiftIdentifierScalars`) are letters; digits are ASCII's.
enum CharacterKind {
    case upper, lower, digit, otherLetter, separator

    init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x41...0x5A: self = .upper
        case 0x61...0x7A: self = .lower
        case 0x30...0x39: self = .digit
        case 0...0x7F: self = .separator
        default:
            let properties = scalar.properties
            if !SwiftIdentifierScalars.isCharacter(scalar) {
                self = .separator
            } else if !properties.isAlphabetic {
                // Decimal digits of other scripts too, which Swift takes in a name: they always
                // separated words here, and keeping them would rename types users already have.
                self = .separator
            } else if properties.isUppercase {
                self = .upper
            } else if properties.isLowercase {
                self = .lower
            } else {
                self = .otherLetter
            }
        }
    }
}
