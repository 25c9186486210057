import Foundation
import SDKRuntime

/// Checks a JSON value against a JSON Schema of an exported OpenAPI document: the keywords
/// `sdkgen` writes (`$ref` into the document, `type`, `enum`, `properties`, `required`,
/// `additionalProperties`, `items`, `propertyNames`, `maxProperties`, `minLength`, `maxLength`,
/// `pattern`, `minimum`, `maximum`, `allOf`, `anyOf`, `not`). Keywords it does not know are
/// ignored, as JSON Schema asks; lengths count Unicode scalars.
struct JSONSchemaCheck {
    /// The document `$ref`s point into.
    let document: JSONValue

    /// Why `value` breaks `schema`, each reason naming where (`body.events[0].id`); empty when
    /// it conforms.
    func problems(_ value: JSONValue, schema: JSONValue, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return [] }
        var found: [String] = []
        if case .string(let reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else { return ["\(path): cannot resolve \(reference)"] }
            found += problems(value, schema: target, at: path)
        }
        if let type = keywords["type"], !Self.matches(value, type: type) {
            found.append("\(path): not of type \(type)")
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            found.append("\(path): not one of the allowed values")
        }
        if case .array(let all)? = keywords["allOf"] {
            for part in all { found += problems(value, schema: part, at: path) }
        }
        if case .array(let any)? = keywords["anyOf"],
            !any.contains(where: { problems(value, schema: $0, at: path).isEmpty })
        {
            found.append("\(path): matches none of anyOf")
        }
        if let not = keywords["not"], problems(value, schema: not, at: path).isEmpty {
            found.append("\(path): matches what not forbids")
        }
        switch value {
        case .string(let text): found += stringProblems(text, keywords, at: path)
        case .number(let number): found += numberProblems(number, keywords, at: path)
        case .array(let items):
            if let itemSchema = keywords["items"] {
                for (index, item) in items.enumerated() {
                    found += problems(item, schema: itemSchema, at: "\(path)[\(index)]")
                }
            }
        case .object(let members): found += objectProblems(members, keywords, at: path)
        case .null, .bool: break
        }
        return found
    }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = document
        for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    private static func matches(_ value: JSONValue, type: JSONValue) -> Bool {
        switch type {
        case .string(let name): matches(value, typeName: name)
        case .array(let names):
            names.contains { if case .string(let name) = $0 { matches(value, typeName: name) } else { false } }
        default: true
        }
    }

    private static func matches(_ value: JSONValue, typeName: String) -> Bool {
        switch (typeName, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    private func stringProblems(_ text: String, _ keywords: [String: JSONValue], at path: String) -> [String] {
        var found: [String] = []
        let length = text.unicodeScalars.count
        if case .number(let least)? = keywords["minLength"], Double(length) < least {
            found.append("\(path): too short")
        }
        if case .number(let most)? = keywords["maxLength"], Double(length) > most { found.append("\(path): too long") }
        if case .string(let pattern)? = keywords["pattern"] {
            guard let regex = try? NSRegularExpression(pattern: pattern) else {
                return found + ["\(path): bad pattern"]
            }
            if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                found.append("\(path): does not match \(pattern)")
            }
        }
        return found
    }

    private func numberProblems(_ number: Double, _ keywords: [String: JSONValue], at path: String) -> [String] {
        var found: [String] = []
        if case .number(let least)? = keywords["minimum"], number < least { found.append("\(path): below the minimum") }
        if case .number(let most)? = keywords["maximum"], number > most { found.append("\(path): above the maximum") }
        return found
    }

    private func objectProblems(_ members: [String: JSONValue], _ keywords: [String: JSONValue], at path: String)
        -> [String]
    {
        var found: [String] = []
        let declared: [String: JSONValue]
        if case .object(let properties)? = keywords["properties"] { declared = properties } else { declared = [:] }
        if case .array(let required)? = keywords["required"] {
            for case .string(let name) in required where members[name] == nil {
                found.append("\(path).\(name): missing")
            }
        }
        if case .number(let most)? = keywords["maxProperties"], Double(members.count) > most {
            found.append("\(path): too many members")
        }
        for name in members.keys.sorted() {
            guard let member = members[name] else { continue }
            if let nameSchema = keywords["propertyNames"] {
                found += problems(.string(name), schema: nameSchema, at: "\(path) key \(name)")
            }
            if let schema = declared[name] {
                found += problems(member, schema: schema, at: "\(path).\(name)")
            } else if let additional = keywords["additionalProperties"] {
                if additional == .bool(false) {
                    found.append("\(path).\(name): not allowed")
                } else {
                    found += problems(member, schema: additional, at: "\(path).\(name)")
                }
            }
        }
        return found
    }
}
