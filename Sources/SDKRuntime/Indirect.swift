/// Out-of-line storage for a generated model's member whose type is another model.
///
/// A struct that holds another struct inline is as large as everything it contains, and a chain
/// of models that refer to one another (a person holding its entitlements, an entity holding its
/// parent) makes every copy, move and destroy of the outer model walk the whole chain. The
/// compiler writes that walk out for every model, which is most of the cost of compiling a large
/// contract. Generated models keep members of model type behind one reference instead, so each
/// model's size is bounded by its own members.
///
/// The member keeps value semantics: the box is never changed in place, and setting the member
/// stores a new box, so copies never share a change.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    private let box: IndirectBox<Value>

    /// Stores `wrappedValue` out of line.
    public init(wrappedValue: Value) {
        box = IndirectBox(wrappedValue)
    }

    /// The member's value.
    public var wrappedValue: Value {
        get { box.value }
        set { self = Self(wrappedValue: newValue) }
    }
}

/// Out-of-line storage for an optional member of model type; `nil` takes no allocation.
///
/// See ``Indirect`` for why generated models store such members this way.
@propertyWrapper
public struct OptionalIndirect<Wrapped: Sendable>: Sendable {
    private let box: IndirectBox<Wrapped>?

    /// Stores `wrappedValue`, when it is not `nil`, out of line.
    public init(wrappedValue: Wrapped?) {
        box = wrappedValue.map(IndirectBox.init)
    }

    /// The member's value.
    public var wrappedValue: Wrapped? {
        get { box?.value }
        set { self = Self(wrappedValue: newValue) }
    }
}

extension Indirect: CustomReflectable {
    /// Reflects the stored value, so that `dump` and debuggers show the member, not the box.
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension OptionalIndirect: CustomReflectable {
    /// Reflects the stored value, so that `dump` and debuggers show the member, not the box.
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

/// The immutable reference both wrappers hold.
private final class IndirectBox<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
