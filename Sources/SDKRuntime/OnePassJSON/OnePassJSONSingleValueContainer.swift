/// The one string, number, boolean or null a value of `JSONCoding.encodeInOnePass(_:)` is.
struct OnePassJSONSingleValueContainer: SingleValueEncodingContainer {
    /// The run's text.
    let writer: OnePassJSONWriter
    /// Where the value's text begins.
    let valueStart: Int
    /// The keys from the top value to this one.
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        if writer.startsValue(at: valueStart) { writer.writeNull() }
    }

    mutating func encode(_ value: Bool) throws {
        if writer.startsValue(at: valueStart) { writer.write(bool: value) }
    }

    mutating func encode(_ value: String) throws {
        if writer.startsValue(at: valueStart) { writer.write(string: value) }
    }

    mutating func encode(_ value: Double) throws {
        if writer.startsValue(at: valueStart) { writer.write(number: value) }
    }

    mutating func encode(_ value: Float) throws {
        if writer.startsValue(at: valueStart) { writer.write(number: value) }
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if writer.startsValue(at: valueStart) { try writer.write(value, codingPath: codingPath) }
    }

    private func integer(_ value: some FixedWidthInteger) throws {
        if writer.startsValue(at: valueStart) { writer.write(integer: value) }
    }
}
