import Foundation

/// Parses a type as a spec writes it: `string`, `Person`, `[Grant]`, `[string: json]`, `date?`.
enum TypeReferenceParser {
    /// The deepest lists and maps may nest in one type (the parser and every later stage
    /// recurse once a level).
    static let maximumDepth = 16

    /// The parsed type, or a message saying what is wrong with `text`.
    static func parse(_ text: String) -> Result<TypeReference, TypeSyntaxError> {
        guard text.utf8.lazy.filter({ $0 == UInt8(ascii: "[") }).count <= maximumDepth else {
            return .failure(
                TypeSyntaxError(message: "a type may nest lists and maps at most \(maximumDepth) deep"))
        }
        return parseChecked(text)
    }

    /// `parse` once the depth is known to be bounded.
    private static func parseChecked(_ text: String) -> Result<TypeReference, TypeSyntaxError> {
        let trimmed = Self.hasNoEdgeSpace(text) ? text : text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("?") {
            let inner = String(trimmed.dropLast())
            if inner.hasSuffix("?") {
                return .failure(TypeSyntaxError(message: "type '\(text)' has more than one '?'"))
            }
            return parseChecked(inner).map { .optional($0) }
        }
        if trimmed.hasPrefix("[") {
            guard trimmed.hasSuffix("]") else {
                return .failure(TypeSyntaxError(message: "type '\(text)' opens '[' without closing it"))
            }
            let body = String(trimmed.dropFirst().dropLast())
            if let colon = topLevelColon(in: body) {
                let key = body[..<colon].trimmingCharacters(in: .whitespaces)
                guard key == "string" else {
                    return .failure(TypeSyntaxError(message: "map keys must be 'string', not '\(key)'"))
                }
                let value = String(body[body.index(after: colon)...])
                return parseChecked(value).flatMap { value in
                    value.isOptional
                        ? .failure(TypeSyntaxError(message: "map values cannot be optional in '\(text)'"))
                        : .success(.map(value))
                }
            }
            return parseChecked(body).flatMap { element in
                element.isOptional
                    ? .failure(TypeSyntaxError(message: "list elements cannot be optional in '\(text)'"))
                    : .success(.list(element))
            }
        }
        switch trimmed {
        case "string": return .success(.string)
        case "integer": return .success(.integer)
        case "number": return .success(.number)
        case "boolean": return .success(.boolean)
        case "date": return .success(.date)
        case "json": return .success(.json)
        case "": return .failure(TypeSyntaxError(message: "a type is missing"))
        default:
            guard let first = trimmed.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
                trimmed.unicodeScalars.allSatisfy({
                    $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)
                })
            else {
                return .failure(TypeSyntaxError(message: "'\(trimmed)' is not a type name"))
            }
            return .success(.named(trimmed))
        }
    }

    /// The first `:` not inside brackets.
    private static func topLevelColon(in text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case ":" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// The words a type may be built from, for suggestions.
    static let builtinNames = ["string", "integer", "number", "boolean", "date", "json"]

    /// Type names other languages use for a built-in type, with the spec's word for it.
    static let otherLanguagesNames: [String: String] = [
        "bool": "boolean", "int": "integer", "int64": "integer", "long": "integer", "float": "number",
        "double": "number", "str": "string", "datetime": "date", "timestamp": "date", "any": "json",
        "object": "json",
    ]

    /// ` (did you mean 'x'?)` for a type name that is not declared: a built-in type under the
    /// name another language gives it, or the closest declared or built-in name.
    static func hint(for name: String, among declared: [String]) -> String {
        if let builtin = otherLanguagesNames[name.lowercased()] { return " (did you mean '\(builtin)'?)" }
        return Suggestion.hint(for: name, among: declared + builtinNames)
    }
}

/// Why a type string could not be read.
struct TypeSyntaxError: Error {
    /// The message to report.
    var message: String
}

extension TypeReferenceParser {
    /// Whether `text` neither starts nor ends with white space (its ends are printable ASCII),
    /// so that trimming would change nothing.
    static func hasNoEdgeSpace(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
    }
}
