/// A generated model: its JSON coding, equality and hashing follow its table of members.
///
/// A model declares ``members``, one ``ModelMember`` per stored member in spec order, each a
/// wire name and a key path. `encode(to:)`, `==` and `hash(into:)` are written once, here, over
/// that table; the model itself writes only its memberwise initializer and `init(from:)`, which
/// reads each member and passes it to that initializer.
///
/// Written out in each model, those three functions were two fifths of the code the compiler
/// produced for it, and in a debug build that code is most of the time to compile a large
/// contract. A key path to a stored member is data, not code. They behave as the synthesized
/// conformances do: members in spec order under their wire names, optional members left out
/// when `nil`, equality and hashing over every member.
///
/// The `==` here is also the only one the models declare. To check any type's `Equatable`
/// conformance, the compiler looks up the `==` operator, which finds every `==` declared in the
/// module; with one per model, checking a module of N models weighed N² candidates.
public protocol MemberwiseModel: Codable, Hashable, Sendable {
    /// The model's members, in spec order.
    static var members: [ModelMember<Self>] { get }
}

// Inlinable, so that a release build of a generated module gets a copy for each model.
extension MemberwiseModel {
    /// Encodes the value as a JSON object, members in spec order; optional members that are
    /// `nil` are left out.
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var container = ModelEncodingContainer(encoder)
        try withUnsafePointer(to: self) { model in
            for member in Self.members {
                try member.encode(model, &container)
            }
        }
    }

    /// Whether every member of `lhs` equals the same member of `rhs`.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        withUnsafePointer(to: lhs) { lhs in
            withUnsafePointer(to: rhs) { rhs in
                Self.members.allSatisfy { $0.equal(lhs, rhs) }
            }
        }
    }

    /// Feeds every member, in spec order, to `hasher`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        withUnsafePointer(to: self) { model in
            for member in Self.members {
                member.hash(model, &hasher)
            }
        }
    }
}
