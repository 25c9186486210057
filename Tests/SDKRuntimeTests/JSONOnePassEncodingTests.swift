import Foundation
import SDKEmulator
import SDKRuntime
import Testing

/// `JSONCoding.encodeInOnePass(_:)` writes what `JSONCoding.encoder` writes, up to member order,
/// and hands every value it cannot follow to that encoder. Foundation's encoder is the oracle:
/// both outputs are read back and written again by it, which must give the same bytes.
@Suite("JSON written in one pass means what Foundation writes", .timeLimit(.minutes(3)))
struct JSONOnePassEncodingTests {
    @Test("500 random JSON values, with every control character, quote, backslash and astral scalar")
    func randomValuesMeanWhatFoundationWrites() throws {
        var random = SeededRandomNumberGenerator(seed: 0x5EED_0F_0E_9A55)
        for _ in 0..<500 {
            let value = Self.randomValue(&random, depth: 0)
            let written = try JSONCoding.encodeInOnePass(value)
            #expect(try JSONCoding.decoder.decode(JSONValue.self, from: written) == value)
            #expect(try Self.canonical(written, as: JSONValue.self) == JSONCoding.encoder.encode(value))
        }
    }

    @Test("a string is escaped byte for byte as Foundation escapes it")
    func stringsAreEscapedAsFoundationEscapesThem() throws {
        let scalars = (0...0x7F).compactMap(Unicode.Scalar.init) + ["é", "\u{2028}", "\u{FEFF}", "😀"]
        for scalar in scalars {
            let text = "a\(scalar)b\(scalar)"
            #expect(
                try JSONCoding.encodeInOnePass(text) == JSONCoding.encoder.encode(text),
                "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test(
        "a number is written byte for byte as Foundation writes it",
        arguments: [
            0, -0.0, 1, -1, 0.5, -2.25, 0.1 + 0.2, 1e-7, .leastNonzeroMagnitude, 999_999_999_999_999, 1e15, 1e16,
            123_456_789_012_345.6, 9_007_199_254_740_992, .greatestFiniteMagnitude, -1e300,
        ])
    func numbersAreWrittenAsFoundationWritesThem(number: Double) throws {
        let written = try JSONCoding.encodeInOnePass(number)
        #expect(written == (try JSONCoding.encoder.encode(number)))
        let read = try JSONCoding.decoder.decode(Double.self, from: written)
        #expect(read.bitPattern == number.bitPattern || (read == 0 && number == 0))
    }

    @Test("integers of every width and a Float are written as Foundation writes them")
    func integersAndFloatsAreWrittenAsFoundationWritesThem() throws {
        let value = Widths(
            int: .min, int8: .min, int16: .min, int32: .min, int64: .max, uint: .max, uint8: .max,
            uint16: .max, uint32: .max, uint64: .max, float: 0.1, whole: 3)
        let written = try JSONCoding.encodeInOnePass(value)
        #expect(try Self.canonical(written, as: Widths.self) == JSONCoding.encoder.encode(value))
    }

    @Test("a model of nested objects, arrays, optionals, a date and a dictionary reads back as itself")
    func nestedModelsReadBackAsThemselves() throws {
        let value = Order(
            id: "o-1", placed: Date(timeIntervalSince1970: 1_700_000_000.123), note: nil,
            lines: [Line(sku: "a/b", quantity: 2, tags: ["x", "y"]), Line(sku: "c\"d", quantity: 0, tags: [])],
            totals: ["net": 10, "tax": -1], status: .open, nothing: Nothing(), attributes: ["k": .array([.null])])
        let written = try JSONCoding.encodeInOnePass(value)
        #expect(try JSONCoding.decoder.decode(Order.self, from: written) == value)
        #expect(try Self.canonical(written, as: Order.self) == JSONCoding.encoder.encode(value))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains(#""nothing":{}"#))
        // Members in the order they were encoded, not sorted: the one pass wrote it, not Foundation.
        #expect(text.hasPrefix(#"{"id":"o-1","placed":"2023-11-14T22:13:20.123Z","lines":[{"sku":"a/b","#))
    }

    @Test("each value sees the coding path Foundation's encoder gives it, in objects and arrays")
    func codingPathsAreFoundations() throws {
        let value = ["outer": [PathEcho(), PathEcho(), PathEcho()], "other": [PathEcho()]]
        let written = try JSONCoding.encodeInOnePass(value)
        #expect(try Self.canonical(written, as: [String: [String]].self) == JSONCoding.encoder.encode(value))
        #expect(String(decoding: written, as: UTF8.self).contains(#""outer/2""#))
    }

    @Test(
        "a value the one pass cannot follow is encoded by Foundation's encoder, byte for byte",
        arguments: [
            Unfollowable.twoContainers, .superEncoder, .writesAfterLeaving, .data, .url, .decimal,
        ])
    func whatTheOnePassCannotFollowIsEncodedByFoundation(value: Unfollowable) throws {
        #expect(try JSONCoding.encodeInOnePass(value) == JSONCoding.encoder.encode(value))
    }

    @Test("a number that is not finite, or a top value that writes nothing, throws as Foundation throws")
    func whatFoundationRefusesIsRefused() {
        #expect(throws: EncodingError.self) { try JSONCoding.encodeInOnePass(["n": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONCoding.encodeInOnePass(Float.infinity) }
        #expect(throws: EncodingError.self) { try JSONCoding.encodeInOnePass(Nothing()) }
    }

    /// `data` read by Foundation as a `Value` and written again by `JSONCoding.encoder`.
    private static func canonical<Value: Codable>(_ data: Data, as type: Value.Type) throws -> Data {
        try JSONCoding.encoder.encode(JSONCoding.decoder.decode(type, from: data))
    }

    private static let alphabet: [String] =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
            "\"", "\\", "/", "a", "Z", "0", " ", "é", "ß", "\u{2028}", "\u{7F}", "😀", "𝄞", "\u{FFFD}",
        ]

    private static func randomString(_ random: inout SeededRandomNumberGenerator) -> String {
        (0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
    }

    private static func randomValue(_ random: inout SeededRandomNumberGenerator, depth: Int) -> JSONValue {
        switch random.next() % (depth < 4 ? 6 : 4) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2:
            let numbers: [Double] = [0, 1, -7, 0.25, 1e21, -3.5e-9, Double(Int64(bitPattern: random.next()))]
            return .number(numbers[Int(random.next() % UInt64(numbers.count))])
        case 3: return .string(randomString(&random))
        case 4: return .array((0..<Int(random.next() % 4)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(random.next() % 5) {
                members[randomString(&random)] = randomValue(&random, depth: depth + 1)
            }
            return .object(members)
        }
    }
}

/// A value that writes the coding path it was given, as keys (an index by its number) joined
/// by slashes.
private struct PathEcho: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(
            encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/"))
    }
}

/// A value of every integer width, a `Float` and a whole `Double`.
private struct Widths: Codable {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var whole: Double
}

private struct Line: Codable, Equatable {
    var sku: String
    var quantity: Int
    var tags: [String]
}

/// A value whose encoding writes nothing.
private struct Nothing: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
}

private struct Order: Codable, Equatable {
    enum Status: String, Codable { case open, closed }
    var id: String
    var placed: Date
    var note: String?
    var lines: [Line]
    var totals: [String: Int]
    var status: Status
    var nothing: Nothing
    var attributes: [String: JSONValue]
}

/// Values that use `Encoder` in ways a one-pass writer cannot follow, or hold a type Foundation
/// writes its own way.
enum Unfollowable: String, Encodable, CustomTestStringConvertible {
    case twoContainers, superEncoder, writesAfterLeaving, data, url, decimal

    private enum Key: String, CodingKey { case a, b, c }

    var testDescription: String { rawValue }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .twoContainers:
            var first = encoder.container(keyedBy: Key.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: Key.self)
            try second.encode(2, forKey: .b)
        case .superEncoder:
            var container = encoder.container(keyedBy: Key.self)
            try "x".encode(to: container.superEncoder(forKey: .a))
            try container.encode(3, forKey: .b)
        case .writesAfterLeaving:
            var container = encoder.container(keyedBy: Key.self)
            var inner = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            try container.encode(1, forKey: .b)
            try inner.encode(2, forKey: .c)
        case .data:
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Data([0, 1, 2]), forKey: .a)
        case .url:
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(URL(fileURLWithPath: "/a b/c"), forKey: .a)
        case .decimal:
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Decimal(sign: .plus, exponent: -3, significand: 12_345), forKey: .a)
        }
    }
}
