import Foundation
internal import SDKDateTimeText

/// Checks that every model example, and the body of every operation example, has the
/// shape of its model: the members it requires, each of the type it declares. A wrong example is
/// an error at its line when sdkgen runs, not a failing contract test later.
extension SpecChecker {
    static func checkExampleTypes(_ spec: Spec, log: inout DiagnosticLog) {
        let shapes = ExampleShapes(spec)
        for model in spec.models {
            for (index, example) in model.examples.enumerated() {
                if let problem = shapes.problem(example.value, .named(model.name)) {
                    log.error(
                        "example \(index + 1) of model '\(model.name)' does not decode as the model: \(problem)",
                        at: example.location)
                }
            }
        }
        for operation in spec.operations {
            for example in operation.examples {
                for member in example.parameters {
                    guard let parameter = operation.parameters.first(where: { $0.name == member.name }),
                        let problem = shapes.problem(member.value, parameter.type)
                    else { continue }
                    log.error(
                        "parameter '\(member.name)' of example '\(example.name)' of operation '\(operation.name)' "
                            + "does not fit its type: \(problem)", at: example.location)
                }
            }
            guard let body = operation.requestBody else { continue }
            // Every example's body, an error example's too: its contract test decodes it into the
            // model before the client can send it.
            for example in operation.examples {
                guard let value = example.body, let problem = shapes.problem(value, .named(body)) else { continue }
                log.error(
                    "the body of example '\(example.name)' of operation '\(operation.name)' does not decode as "
                        + "'\(body)': \(problem)\(refusedBeforeSending(example))",
                    at: example.location)
            }
        }
    }
}

/// The models and enums of a spec, to tell whether a JSON value decodes as a type.
struct ExampleShapes {
    private let models: [String: ModelSpec]
    /// The values of each enum.
    private let enums: [String: [String]]

    init(_ spec: Spec) {
        models = Dictionary(spec.models.map { ($0.name, $0) }) { first, _ in first }
        enums = Dictionary(spec.enums.map { ($0.name, $0.cases.map(\.value)) }) { first, _ in first }
    }

    /// Why `value` does not decode as `type`, or `nil` when it does (or the type is not known:
    /// a dangling reference has its own error). `path` is where the value is (`tags[0]`, empty
    /// for the example itself), for the message.
    func problem(_ value: JSONLiteral, _ type: TypeReference, path: String = "") -> String? {
        let what = path.isEmpty ? "the value" : "member '\(path)'"
        switch (type, value) {
        case (.optional, .null): return nil
        case (.json, _): return Self.notHeldByDouble(value).map { "\(what) holds \($0)" }
        case (.optional(let inner), _): return problem(value, inner, path: path)
        case (.string, .string), (.boolean, .bool): return nil
        case (.number, .number(let text)):
            return Double(text)?.isFinite == true ? nil : "\(what) must be a number a Double can hold, not \(text)"
        case (.integer, .number(let text)):
            return Int64(text) == nil ? "\(what) must be a whole number that fits 64 bits, not \(text)" : nil
        case (.date, .string(let text)):
            guard let date = DateTimeText.parsed(text) else {
                return "\(what) must be an RFC 3339 date and time, not '\(text)'"
            }
            guard DateTimeText.isOnTheCalendar(text) else {
                return "\(what) names a day or time that does not exist: '\(text)' (clients refuse it)"
            }
            guard DateTimeText.isInRFC3339Years(date) else {
                return "\(what) is '\(text)', outside the years 0000 to 9999 in UTC that RFC 3339 writes: "
                    + "it would not encode back"
            }
            guard Self.fractionDigits(text) <= 3 else {
                return "\(what) has finer fractions of a second than the milliseconds dates are written with: "
                    + "'\(text)' would not encode back the same"
            }
            return nil
        case (.list(let element), .array(let items)):
            return items.enumerated().lazy.compactMap { problem($1, element, path: "\(path)[\($0)]") }.first
        case (.map(let element), .object(let members)):
            return members.lazy.compactMap { problem($0.value, element, path: "\(path)[\"\($0.name)\"]") }.first
        case (.named(let name), _) where enums[name] != nil:
            // Enums are open: any string is a value, a new one tomorrow included; but a word a typo
            // away from a value the enum has is that value misspelled. (Short codes such as `UK`
            // beside `US` are too close to tell a typo from a new value; equality is the
            // decoder's, which takes `é` in either Unicode form for the same value.)
            guard case .string(let text) = value else {
                return "\(what) must be a string (enum \(name)), not \(value.kindName)"
            }
            let values = enums[name] ?? []
            guard text.count >= 4, !values.contains(text), let meant = Suggestion.closest(to: text, among: values)
            else { return nil }
            return "\(what) is '\(text)', which looks like '\(meant)' misspelled, a value of enum \(name) (it would "
                + "decode as an unknown value)"
        case (.named(let name), .object(let members)):
            guard let model = models[name] else { return nil }
            // A member the model lacks is what a newer server may send, and decoding ignores it;
            // one a typo away from a member the model has is that member misspelled.
            let wireNames = model.properties.map(\.wireName)
            for unknown in members where !wireNames.contains(unknown.name) {
                guard let meant = Suggestion.closest(to: unknown.name, among: wireNames) else { continue }
                let inner = path.isEmpty ? unknown.name : "\(path).\(unknown.name)"
                return "member '\(inner)' looks like '\(meant)' misspelled, which model \(name) has (decoding "
                    + "would skip it)"
            }
            for property in model.properties {
                let inner = path.isEmpty ? property.wireName : "\(path).\(property.wireName)"
                guard let found = members.first(where: { $0.name == property.wireName }) else {
                    if property.type.isOptional { continue }
                    return "member '\(inner)' is required but missing"
                }
                if let problem = problem(found.value, property.type, path: inner) { return problem }
            }
            return nil
        case (.named(let name), _):
            return models[name] == nil ? nil : "\(what) must be an object (model \(name)), not \(value.kindName)"
        default:
            return "\(what) must be \(type.kindName), not \(value.kindName)"
        }
    }

    /// How many digits follow the seconds' decimal point in an ISO 8601 date and time, trailing
    /// zeros aside (`.1200` is 120 milliseconds exactly).
    private static func fractionDigits(_ text: String) -> Int {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        let digits = text[text.index(after: dot)...].prefix(while: \.isNumber)
        return digits.count - digits.reversed().prefix(while: { $0 == "0" }).count
    }

    /// What a client sends for `value` decoded as `type`, as one text that is the same for two
    /// values exactly when the client writes the same JSON for both: members the model lacks
    /// are dropped and `null` optional members left out (decoding skips them), object members
    /// sorted, numbers and dates compared by what they hold (`1` and `1.0` as a `number`,
    /// `+01:00` and `Z` times of one instant). A value that does not decode as `type` is its
    /// own text (it is an error of its own).
    func sentText(_ value: JSONLiteral, as type: TypeReference) -> String {
        switch (type, value) {
        case (.optional, .null): return "null"
        case (.optional(let inner), _): return sentText(value, as: inner)
        case (.json, _): return Self.sortedText(value)
        case (.number, .number(let text)): return Double(text).map { "\($0)" } ?? text
        case (.integer, .number(let text)): return Int64(text).map { "\($0)" } ?? text
        case (.date, .string(let text)):
            guard let date = DateTimeText.parsed(text), let milliseconds = DateTimeText.millisecondsSince1970(date)
            else { return value.jsonText }
            return "date:\(milliseconds)"
        case (.list(let element), .array(let items)):
            return "[" + items.map { sentText($0, as: element) }.joined(separator: ",") + "]"
        case (.map(let element), .object(let members)):
            return "{"
                + members.sorted { $0.name < $1.name }.map {
                    JSONLiteral.quote($0.name) + ":" + sentText($0.value, as: element)
                }.joined(separator: ",") + "}"
        case (.named(let name), .object(let members)):
            guard let model = models[name] else { return value.jsonText }
            let sent = model.properties.sorted { $0.wireName < $1.wireName }.compactMap { property -> String? in
                guard let member = members.first(where: { $0.name == property.wireName }),
                    !(member.value == .null && property.type.isOptional)
                else { return nil }
                return JSONLiteral.quote(property.wireName) + ":" + sentText(member.value, as: property.type)
            }
            return "{" + sent.joined(separator: ",") + "}"
        default: return value.jsonText
        }
    }

    /// `value` with every object's members sorted by name and every number as a `Double` (as
    /// `JSONValue` holds it).
    private static func sortedText(_ value: JSONLiteral) -> String {
        switch value {
        case .number(let text): Double(text).map { "\($0)" } ?? text
        case .array(let items): "[" + items.map(sortedText).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.name < $1.name }.map { JSONLiteral.quote($0.name) + ":" + sortedText($0.value) }
                .joined(separator: ",") + "}"
        case .null, .bool, .string: value.jsonText
        }
    }

    /// What is wrong with the first number in `value` (at any depth) that `JSONValue`, which
    /// holds numbers as `Double`, would not give back: one out of a `Double`'s range, or a whole
    /// number it cannot hold exactly (past 2^53, where a 64-bit ID would silently become the
    /// nearest `Double`); `nil` when there is none. A number written with a fraction or an
    /// exponent (`1.5`, `1e300`) is taken as meant to be approximate, as a `Double` is.
    private static func notHeldByDouble(_ value: JSONLiteral) -> String? {
        switch value {
        case .number(let text):
            guard let number = Double(text), number.isFinite else { return "\(text), which no Double can hold" }
            guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
            // The exact value of the Double, written out in full: the whole number itself when
            // the Double holds it exactly.
            let held = String(format: "%.0f", number)
            guard held != text else { return nil }
            let advice = Int64(text) == nil ? "" : "declare the member integer, or "
            return "\(text), which a Double (how a json value holds numbers) cannot hold exactly: it would "
                + "decode as \(held); \(advice)send the number as a string"
        case .array(let items): return items.lazy.compactMap(notHeldByDouble).first
        case .object(let members): return members.lazy.compactMap { notHeldByDouble($0.value) }.first
        case .null, .bool, .string: return nil
        }
    }
}

extension JSONLiteral {
    fileprivate var isString: Bool {
        if case .string = self { true } else { false }
    }

    /// The JSON kind, for messages.
    fileprivate var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

extension TypeReference {
    /// The kind a value of this type has, for messages.
    fileprivate var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "a boolean"
        case .date: "a date string"
        case .json: "any JSON value"
        case .named(let name): name
        case .list: "a list"
        case .map: "an object (a map)"
        case .optional(let inner): inner.kindName + " or null"
        }
    }
}
