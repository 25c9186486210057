/// An array of `JSONCoding.encodeInOnePass(_:)`, written element by element as it is encoded.
struct OnePassJSONUnkeyedContainer: UnkeyedEncodingContainer {
    /// The run's text.
    let writer: OnePassJSONWriter
    /// The array's number in the run (0: refused, never written).
    let id: Int
    /// The keys from the top value to the array.
    let codingPath: [any CodingKey]

    /// How many elements were written.
    var count: Int { writer.count(of: id) }

    mutating func encodeNil() throws {
        if writer.startElement(in: id) { writer.writeNull() }
    }

    mutating func encode(_ value: Bool) throws {
        if writer.startElement(in: id) { writer.write(bool: value) }
    }

    mutating func encode(_ value: String) throws {
        if writer.startElement(in: id) { writer.write(string: value) }
    }

    mutating func encode(_ value: Double) throws {
        if writer.startElement(in: id) { writer.write(number: value) }
    }

    mutating func encode(_ value: Float) throws {
        if writer.startElement(in: id) { writer.write(number: value) }
    }

    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard writer.startElement(in: id) else { return }
        try writer.write(value, codingPath: codingPath + [OnePassIndexKey(count - 1)])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = writer.startElement(in: id) ? writer.begin(isObject: true) : 0
        return KeyedEncodingContainer(
            OnePassJSONKeyedContainer(
                writer: writer, id: nested, codingPath: codingPath + [OnePassIndexKey(count - 1)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = writer.startElement(in: id) ? writer.begin(isObject: false) : 0
        return OnePassJSONUnkeyedContainer(
            writer: writer, id: nested, codingPath: codingPath + [OnePassIndexKey(count - 1)])
    }

    /// Refused: the encoder it returns would write out of order.
    mutating func superEncoder() -> any Encoder {
        writer.refuse("superEncoder()")
        return OnePassJSONEncoder(writer: writer, codingPath: codingPath, valueStart: -1)
    }

    private func integer(_ value: some FixedWidthInteger) {
        if writer.startElement(in: id) { writer.write(integer: value) }
    }
}

/// The coding key of an array element: its index.
struct OnePassIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
