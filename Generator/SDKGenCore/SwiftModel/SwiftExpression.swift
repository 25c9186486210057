/// A Swift expression of the generated code, built from parts (never pasted as text).
public indirect enum SwiftExpression: Hashable, Sendable {
    /// A name: `value`, `self`, `Foo`.
    case identifier(String)
    /// `base.name`, or `.name` without a base.
    case member(SwiftExpression?, String)
    /// A call with labelled or unlabelled arguments, and an optional trailing closure.
    case call(SwiftExpression, [SwiftArgument])
    /// A string literal.
    case string(String)
    /// An integer literal.
    case integer(Int64)
    /// A literal written as decimal digits exactly as given (`2.5`, `-1e3`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `nil`.
    case nilLiteral
    /// `[a, b]`.
    case array([SwiftExpression])
    /// `[k: v]`; an empty list renders `[:]`.
    case dictionary([SwiftDictionaryEntry])
    /// `lhs op rhs`; nested binary operands are parenthesised.
    case binary(SwiftExpression, String, SwiftExpression)
    /// `op operand`, such as `!x` or `-1`.
    case prefix(String, SwiftExpression)
    /// `try x`, `try? x`.
    case tryExpression(SwiftExpression, optional: Bool)
    /// `await x`.
    case awaitExpression(SwiftExpression)
    /// `(a, b)`.
    case tuple([SwiftExpression])
    /// `Type.self` or a type used as a value.
    case type(SwiftType)
    /// `{ a, b in body }`.
    case closure(parameters: [String], body: [SwiftStatement])
    /// `base[args]`.
    case subscripted(SwiftExpression, [SwiftArgument])
    /// A macro use such as `#expect(x)`.
    case macro(String, [SwiftArgument])
    /// `base?.name` chains: `base?`.
    case optionalChain(SwiftExpression)
    /// `value as Type`.
    case cast(SwiftExpression, SwiftType)
    /// `let name` inside a pattern.
    case bindingPattern(String)
    /// `a ... b` (closed range), kept apart from `binary` so it is never parenthesised in patterns.
    case closedRange(SwiftExpression, SwiftExpression)
}

/// One argument of a call: an optional label and a value.
public struct SwiftArgument: Hashable, Sendable {
    /// The label, or `nil` for an unlabelled argument.
    public var label: String?
    /// The value.
    public var value: SwiftExpression

    /// An argument `label: value` (or just `value` when `label` is nil).
    public init(_ label: String?, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }

    /// An unlabelled argument.
    public init(_ value: SwiftExpression) {
        self.label = nil
        self.value = value
    }
}

/// One `key: value` of a dictionary literal.
public struct SwiftDictionaryEntry: Hashable, Sendable {
    /// The key.
    public var key: SwiftExpression
    /// The value.
    public var value: SwiftExpression

    /// An entry.
    public init(_ key: SwiftExpression, _ value: SwiftExpression) {
        self.key = key
        self.value = value
    }
}

extension SwiftExpression {
    /// `self.base.name`-style chains from dotted names.
    public static func path(_ names: String...) -> SwiftExpression {
        names.dropFirst().reduce(.identifier(names[0])) { .member($0, $1) }
    }

    /// `self.call(args)` convenience: `base.name(args)`.
    public func call(_ name: String, _ arguments: SwiftArgument...) -> SwiftExpression {
        .call(.member(self, name), arguments)
    }

    /// `self.name` convenience.
    public func dot(_ name: String) -> SwiftExpression { .member(self, name) }
}
