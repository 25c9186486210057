/// One member of a generated model: its wire name and where the model stores it.
///
/// ``MemberwiseModel`` encodes, compares and hashes a model member by member through these,
/// handing each the address of the model, so that a model is put in memory once per call and
/// not once per member. The factories are inlinable: a release build of a generated module gets
/// a copy for each member's type, in which ``ModelEncodingContainer``'s checks for a string,
/// boolean or number are settled when it compiles.
public struct ModelMember<Model>: Sendable {
    /// Writes the member of a model into a JSON object.
    @usableFromInline let encode: @Sendable (UnsafePointer<Model>, inout ModelEncodingContainer) throws -> Void

    /// Whether the member of two models is equal.
    @usableFromInline let equal: @Sendable (UnsafePointer<Model>, UnsafePointer<Model>) -> Bool

    /// Feeds the member of a model to a hasher.
    @usableFromInline let hash: @Sendable (UnsafePointer<Model>, inout Hasher) -> Void

    @usableFromInline
    init(
        encode: @escaping @Sendable (UnsafePointer<Model>, inout ModelEncodingContainer) throws -> Void,
        equal: @escaping @Sendable (UnsafePointer<Model>, UnsafePointer<Model>) -> Bool,
        hash: @escaping @Sendable (UnsafePointer<Model>, inout Hasher) -> Void
    ) {
        self.encode = encode
        self.equal = equal
        self.hash = hash
    }

    /// A member that is always written: `name` on the wire, at `path` in the model.
    @inlinable
    public static func required<Value: Codable & Hashable & Sendable>(
        _ name: String, _ path: any KeyPath<Model, Value> & Sendable
    ) -> Self {
        let read = reader(path)
        return Self(
            encode: { model, container in try container.encode(read(model), as: name) },
            equal: { lhs, rhs in read(lhs) == read(rhs) },
            hash: { model, hasher in hasher.combine(read(model)) })
    }

    /// A member that is left out of the JSON object when it is `nil`: `name` on the wire, at
    /// `path` in the model.
    @inlinable
    public static func optional<Value: Codable & Hashable & Sendable>(
        _ name: String, _ path: any KeyPath<Model, Value?> & Sendable
    ) -> Self {
        let read = reader(path)
        return Self(
            encode: { model, container in try container.encodeIfPresent(read(model), as: name) },
            equal: { lhs, rhs in read(lhs) == read(rhs) },
            hash: { model, hasher in hasher.combine(read(model)) })
    }

    /// What reads the member at `path` of the model at an address: a load at the member's
    /// offset when the model stores it in place, the key path otherwise (a member behind a
    /// property wrapper).
    ///
    /// Projecting a key path goes through the runtime's generic walk of its components, which
    /// made comparing two persons thirteen times as slow as comparing their members directly.
    /// The offset of a stored member is fixed for the model's type, and `MemoryLayout.offset(of:)`
    /// documents reading the member through it.
    @inlinable
    static func reader<Value>(
        _ path: any KeyPath<Model, Value> & Sendable
    ) -> @Sendable (UnsafePointer<Model>) -> Value {
        guard let offset = MemoryLayout<Model>.offset(of: path) else {
            return { model in model.pointee[keyPath: path] }
        }
        return { model in
            UnsafeRawPointer(model).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
    }
}
