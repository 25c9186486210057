/// Member-by-member equality for generated models.
///
/// Generated `membersEqual(_:_:)` implementations (a model's `==`, through
/// `MemberwiseEquatable`) compare each member with `ModelEquality.equal(_:_:)` rather than with
/// the `==` operator: the operator has hundreds of overloads for the type checker
/// to weigh, this function has one.
public enum ModelEquality {
    /// Whether `lhs` and `rhs` are equal.
    @inlinable
    public static func equal<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
        lhs == rhs
    }
}
