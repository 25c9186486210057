import Foundation

/// A value read from a `KeyValueStore`, with the time it was written.
public struct StoredValue<Value> {
    /// The value.
    public var value: Value
    /// When it was stored, by the storage's clock.
    public var storedAt: Date

    /// A value stored at `storedAt`.
    public init(value: Value, storedAt: Date) {
        self.value = value
        self.storedAt = storedAt
    }
}

extension StoredValue: Sendable where Value: Sendable {}
extension StoredValue: Equatable where Value: Equatable {}
extension StoredValue: Hashable where Value: Hashable {}
