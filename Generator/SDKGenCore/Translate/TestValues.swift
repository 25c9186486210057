/// Swift expressions for the values contract tests use.
enum TestValues {
    /// A string a test checks: written out, or repeated to a length too long to write out.
    enum EdgeString: Hashable {
        /// The string itself.
        case literal(String)
        /// `piece` repeated `count` times.
        case repeated(String, Int)

        /// The string's value.
        var value: String {
            switch self {
            case .literal(let text): text
            case .repeated(let piece, let count): String(repeating: piece, count: count)
            }
        }

        /// The string's value when it is short enough to build in the generator and to write
        /// into a test; `nil` for a long repetition, which is only ever made by its expression.
        var writtenValue: String? {
            switch self {
            case .literal(let text): text
            case .repeated(let piece, let count):
                count * piece.utf8.count > RuleEvaluator.largestBuiltEdge ? nil : String(repeating: piece, count: count)
            }
        }

        /// The piece and count of a repetition too long to write out; `nil` for any other string.
        /// A test takes such a string as these two and builds it when it runs, so the test log
        /// names it in a few characters and only the strings being checked are in memory.
        var longRepetition: (piece: String, count: Int)? {
            guard case .repeated(let piece, let count) = self, writtenValue == nil else { return nil }
            return (piece, count)
        }

        /// The Swift expression that makes it.
        var expression: SwiftExpression {
            switch self {
            case .literal(let text): .string(text)
            case .repeated(let piece, let count):
                .call(.type(.string), [.init("repeating", .string(piece)), .init("count", .integer(Int64(count)))])
            }
        }
    }

    /// `SDKRuntime.JSONValue` for a literal; `qualified` writes the type at the top level.
    static func jsonValue(_ value: JSONLiteral, qualified: Bool = true) -> SwiftExpression {
        let base: SwiftExpression? = qualified ? .type(.runtime("JSONValue")) : nil
        switch value {
        case .null: return .member(base, "null")
        case .bool(let flag): return .call(.member(base, "bool"), [.init(.bool(flag))])
        case .number(let text): return .call(.member(base, "number"), [.init(.number(text))])
        case .string(let text): return .call(.member(base, "string"), [.init(.string(text))])
        case .array(let items):
            return .call(.member(base, "array"), [.init(.array(items.map { jsonValue($0, qualified: false) }))])
        case .object(let members):
            return .call(
                .member(base, "object"),
                [
                    .init(
                        .dictionary(
                            members.map {
                                SwiftDictionaryEntry(.string($0.name), jsonValue($0.value, qualified: false))
                            }))
                ])
        }
    }

    /// A reason as a qualified case of a rule's `Violation`, or `nil`.
    static func reason(_ reason: RuleReason?, ruleType: String) -> SwiftExpression {
        reason.map { .path(ruleType, "Violation", $0.rawValue) } ?? .nilLiteral
    }

    /// `try Regex(source).matchingSemantics(.unicodeScalar)`.
    static func regex(_ source: String) -> SwiftExpression {
        .tryExpression(
            .call(
                .member(.call(.identifier("Regex"), [.init(.string(source))]), "matchingSemantics"),
                [.init(.member(nil, "unicodeScalar"))]),
            optional: false)
    }
}
