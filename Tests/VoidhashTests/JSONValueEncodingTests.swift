import Foundation
import SDKEmulator
import SDKRuntime
import Testing
import VoidhashAPI

/// `JSONValue` writes objects and arrays member by member into the encoder's containers; the
/// JSON must be exactly what encoding it the generic way (each value through an encoder of its
/// own, as `Dictionary` and `Array` do) gives, for values alone and inside a generated model.
@Suite("JSONValue: members written into their containers", .timeLimit(.minutes(3)))
struct JSONValueEncodingTests {
    /// A value encoded the generic way: the oracle.
    private struct Generic: Encodable {
        let value: JSONValue

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value {
            case .bool(let bool): try container.encode(bool)
            case .number(let number) where number.isFinite: try container.encode(number)
            case .string(let string): try container.encode(string)
            case .array(let elements): try container.encode(elements.map(Generic.init))
            case .object(let members): try container.encode(members.mapValues(Generic.init))
            case .null, .number: try container.encodeNil()
            }
        }
    }

    /// A random value at most `depth` levels deep: every kind, empty and nested containers,
    /// non-finite numbers, keys with escapes and characters beyond ASCII.
    private static func randomValue(_ random: inout SeededRandomNumberGenerator, depth: Int) -> JSONValue {
        let strings = ["", "a", "plan", "$groups", "quote \" and \\ backslash", "line\nbreak", "žluťoučký 🐎", "/slash"]
        let numbers = [0, -0.0, 1, -2.5, 1e300, 0.1, .infinity, -.infinity, .nan, 9_007_199_254_740_992]
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(numbers.randomElement(using: &random) ?? 0)
        case 3, 4: return .string(strings.randomElement(using: &random) ?? "")
        case 5:
            return .array(
                (0..<Int.random(in: 0..<4, using: &random)).map { _ in randomValue(&random, depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                members[strings.randomElement(using: &random) ?? ""] = randomValue(&random, depth: depth - 1)
            }
            return .object(members)
        }
    }

    @Test("2,000 random values encode to the bytes of the generic encoding")
    func valuesEncodeAsTheGenericWayDoes() throws {
        var random = SeededRandomNumberGenerator(seed: 20_261_203)
        let encoder = JSONCoding.makeEncoder()
        for _ in 0..<2_000 {
            let value = Self.randomValue(&random, depth: 4)
            #expect(try encoder.encode(value) == encoder.encode(Generic(value: value)))
        }
    }

    @Test("an event's properties encode to the bytes of the generic encoding")
    func aModelsPropertiesEncodeAsTheGenericWayDoes() throws {
        var random = SeededRandomNumberGenerator(seed: 7)
        let encoder = JSONCoding.makeEncoder()
        for index in 0..<500 {
            guard case .object(let properties) = Self.randomValue(&random, depth: 3) else { continue }
            let timestamp = Date(timeIntervalSince1970: 1_790_000_000 + Double(index))
            let event = Event(
                id: "e\(index)", event: "report_shared", distinctId: "user_1", timestamp: timestamp,
                properties: properties)
            let generic: [String: Generic] = [
                "id": Generic(value: .string(event.id)), "event": Generic(value: .string(event.event)),
                "distinctId": Generic(value: .string(event.distinctId)),
                "timestamp": Generic(value: .string(JSONCoding.string(from: timestamp))),
                "properties": Generic(value: .object(properties)),
            ]
            #expect(try encoder.encode(event) == encoder.encode(generic))
        }
    }
}
