/// A statement of a generated function body.
public indirect enum SwiftStatement: Hashable, Sendable {
    /// An expression on its own line.
    case expression(SwiftExpression)
    /// `let name: Type = value` or `var ...`.
    case binding(SwiftBinding)
    /// `target = value` or `target op= value`.
    case assignment(SwiftExpression, String, SwiftExpression)
    /// `return value`.
    case returnStatement(SwiftExpression?)
    /// `throw value`.
    case throwStatement(SwiftExpression)
    /// `if conditions { ... } else { ... }`.
    case ifStatement([SwiftCondition], then: [SwiftStatement], else: [SwiftStatement]?)
    /// `guard conditions else { ... }`.
    case guardStatement([SwiftCondition], else: [SwiftStatement])
    /// `for name in sequence { ... }`.
    case forIn(String, SwiftExpression, [SwiftStatement])
    /// `switch subject { case ...: ... default: ... }`.
    case switchStatement(SwiftExpression, [SwiftSwitchCase], default: [SwiftStatement]?)
    /// `continue`.
    case continueStatement
    /// `break`.
    case breakStatement
}

/// `let`/`var` with an optional type and value.
public struct SwiftBinding: Hashable, Sendable {
    /// Whether it is `var`.
    public var isMutable: Bool
    /// The name.
    public var name: String
    /// The declared type, if written.
    public var type: SwiftType?
    /// The initial value, if any.
    public var value: SwiftExpression?

    /// A binding.
    public init(_ name: String, type: SwiftType? = nil, _ value: SwiftExpression?, isMutable: Bool = false) {
        self.isMutable = isMutable
        self.name = name
        self.type = type
        self.value = value
    }
}

/// A condition of `if` or `guard`.
public enum SwiftCondition: Hashable, Sendable {
    /// A boolean expression.
    case expression(SwiftExpression)
    /// `let name = optional`.
    case optionalBinding(String, SwiftExpression)
}

/// One `case` of a switch: its patterns and body.
public struct SwiftSwitchCase: Hashable, Sendable {
    /// The patterns, joined with commas.
    public var patterns: [SwiftExpression]
    /// The body.
    public var body: [SwiftStatement]

    /// A case.
    public init(_ patterns: [SwiftExpression], _ body: [SwiftStatement]) {
        self.patterns = patterns
        self.body = body
    }
}
