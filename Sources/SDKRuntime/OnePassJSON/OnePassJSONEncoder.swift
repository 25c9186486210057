/// The `Encoder` a value writes itself into during `JSONCoding.encodeInOnePass(_:)`: its
/// container goes straight into the run's text.
struct OnePassJSONEncoder: Encoder {
    /// The run's text.
    let writer: OnePassJSONWriter
    /// The keys from the top value to this one.
    let codingPath: [any CodingKey]
    /// Where this value's text begins.
    let valueStart: Int

    /// Empty: `JSONCoding`'s encoder sets no user info either.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Begins the value's object.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let id = writer.startsValue(at: valueStart) ? writer.begin(isObject: true) : 0
        return KeyedEncodingContainer(OnePassJSONKeyedContainer(writer: writer, id: id, codingPath: codingPath))
    }

    /// Begins the value's array.
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let id = writer.startsValue(at: valueStart) ? writer.begin(isObject: false) : 0
        return OnePassJSONUnkeyedContainer(writer: writer, id: id, codingPath: codingPath)
    }

    /// The value as one string, number, boolean or null.
    func singleValueContainer() -> any SingleValueEncodingContainer {
        OnePassJSONSingleValueContainer(writer: writer, valueStart: valueStart, codingPath: codingPath)
    }
}
