/// An object of `JSONCoding.encodeInOnePass(_:)`, written member by member, in the order they
/// are encoded.
struct OnePassJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The run's text.
    let writer: OnePassJSONWriter
    /// The object's number in the run (0: refused, never written).
    let id: Int
    /// The keys from the top value to the object.
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        if member(key) { writer.writeNull() }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if member(key) { writer.write(bool: value) }
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        if member(key) { writer.write(string: value) }
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if member(key) { writer.write(number: value) }
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        if member(key) { writer.write(number: value) }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard member(key) else { return }
        try writer.write(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = member(key) ? writer.begin(isObject: true) : 0
        return KeyedEncodingContainer(
            OnePassJSONKeyedContainer<NestedKey>(writer: writer, id: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = member(key) ? writer.begin(isObject: false) : 0
        return OnePassJSONUnkeyedContainer(writer: writer, id: nested, codingPath: codingPath + [key])
    }

    /// Refused: the encoder it returns would write out of order.
    mutating func superEncoder() -> any Encoder {
        writer.refuse("superEncoder()")
        return OnePassJSONEncoder(writer: writer, codingPath: codingPath, valueStart: -1)
    }

    /// Refused: the encoder it returns would write out of order.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder()
    }

    /// Starts the member `key`; `false` when the object is closed (refused).
    private func member(_ key: Key) -> Bool {
        guard writer.startElement(in: id) else { return false }
        writer.write(key: key.stringValue)
        return true
    }

    private func integer(_ value: some FixedWidthInteger, _ key: Key) {
        if member(key) { writer.write(integer: value) }
    }
}
