/// A generated model's equality: its `==` is the model's `membersEqual(_:_:)`.
///
/// Models write `membersEqual` rather than a `==` of their own. To check any type's `Equatable`
/// conformance, the compiler looks up the `==` operator, which finds every `==` declared in the
/// module; with one per model, checking a module of N models weighed N² candidates (a third of
/// the time to write the module of a 1,000-model spec). This protocol's `==` is one declaration,
/// whatever the number of models.
public protocol MemberwiseEquatable: Hashable {
    /// Whether every member of `lhs` equals the same member of `rhs`.
    static func membersEqual(_ lhs: Self, _ rhs: Self) -> Bool
}

extension MemberwiseEquatable {
    /// Whether `lhs` and `rhs` are equal: `membersEqual(lhs, rhs)`.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        membersEqual(lhs, rhs)
    }
}
