import Foundation

/// Any JSON value: what attribute values, event properties and free-form fields hold.
///
/// Numbers are `Double`, the precision RFC 8259 says JSON numbers can be relied on to have: a
/// whole number past 2^53 (a 64-bit ID, say) becomes the nearest `Double`, so carry such values
/// as strings, or in a member of an integer type. Decoding accepts any JSON; encoding writes a
/// non-finite number as `null`, because JSON has no spelling for it.
public enum JSONValue: Sendable, Hashable, Codable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object, keyed by member name.
    case object([String: JSONValue])

    /// Decodes whichever JSON value comes next.
    ///
    /// A decoder can only be asked for one kind at a time, and each wrong guess costs a thrown
    /// error (about a microsecond with Foundation's `JSONDecoder`), so the kinds are tried in
    /// the order they are most common in properties and attributes: strings, booleans (before
    /// numbers, so that a decoder that would read `true` as 1 never gets the chance), numbers,
    /// objects, arrays.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// Encodes the value; a non-finite number becomes `null`. An object or array is written
    /// member by member into the encoder's own container (see `JSONValue+Containers.swift`).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            try Self.encode(elements, into: &container)
        case .object(let members):
            var container = encoder.container(keyedBy: ModelCodingKey.self)
            try Self.encode(members, into: &container)
        case .null, .bool, .number, .string:
            var container = encoder.singleValueContainer()
            switch written {
            case .bool(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .null, .array, .object: try container.encodeNil()
            }
        }
    }

    /// The kind of this value, as validation rules name it.
    public var kind: JSONValueKind {
        switch self {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

/// The six kinds of JSON value, as a spec's `allowedKinds` lists them.
public enum JSONValueKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case boolean
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// A number value from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A number value from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// A boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// `null` from the `nil` literal.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// Whether this is a number that is NaN or infinite (JSON cannot write one).
    public var isNonFiniteNumber: Bool {
        if case .number(let value) = self { !value.isFinite } else { false }
    }

    /// The value as JSON writes it: a number that is NaN or infinite becomes `null`; anything
    /// else is itself. Every way of encoding a value goes through this, so the rule has one home.
    @usableFromInline
    var written: JSONValue { isNonFiniteNumber ? .null : self }
}
