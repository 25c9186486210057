import Foundation
import SDKRuntime
import Testing

/// The helpers that generated models write their `Codable` and `Hashable` members with behave
/// as the conformances Swift would synthesize: a model written the generated way and its
/// synthesized twin give the same JSON, decode the same inputs, and agree on equality.
@Suite("Model coding helpers", .timeLimit(.minutes(3)))
struct ModelCodingTests {
    /// A model written the way the generator writes one.
    struct Written: MemberwiseModel {
        var name: String
        var note: String?
        var when: Date
        var tags: [String]

        init(name: String, note: String? = nil, when: Date, tags: [String]) {
            self.name = name
            self.note = note
            self.when = when
            self.tags = tags
        }

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            try self.init(
                name: container.decode("$name"),
                note: container.decodeIfPresent("note"),
                when: container.decode("when"),
                tags: container.decode("tags"))
        }

        static let members: [ModelMember<Self>] = [
            .required("$name", \.name),
            .optional("note", \.note),
            .required("when", \.when),
            .required("tags", \.tags),
        ]
    }

    /// The same model with the conformances Swift synthesizes.
    struct Synthesized: Codable, Hashable {
        var name: String
        var note: String?
        var when: Date
        var tags: [String]

        enum CodingKeys: String, CodingKey {
            case name = "$name"
            case note, when, tags
        }
    }

    /// A model without members, written the way the generator writes one.
    struct WrittenEmpty: MemberwiseModel {
        init() {}

        init(from decoder: any Decoder) throws {}

        static let members: [ModelMember<Self>] = []
    }

    /// Its synthesized twin.
    struct SynthesizedEmpty: Codable {}

    /// A model of scalars, which the helpers hand to the coder's own method for their type,
    /// written the way the generator writes one.
    struct WrittenScalars: Codable, Equatable {
        var flag: Bool
        var count: Int64
        var ratio: Double
        var size: Int
        var limit: Int64?

        init(flag: Bool, count: Int64, ratio: Double, size: Int, limit: Int64?) {
            self.flag = flag
            self.count = count
            self.ratio = ratio
            self.size = size
            self.limit = limit
        }

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            self.flag = try container.decode("flag")
            self.count = try container.decode("count")
            self.ratio = try container.decode("ratio")
            self.size = try container.decode("size")
            self.limit = try container.decodeIfPresent("limit")
        }

        func encode(to encoder: any Encoder) throws {
            var container = ModelEncodingContainer(encoder)
            try container.encode(self.flag, as: "flag")
            try container.encode(self.count, as: "count")
            try container.encode(self.ratio, as: "ratio")
            try container.encode(self.size, as: "size")
            try container.encodeIfPresent(self.limit, as: "limit")
        }
    }

    /// Its synthesized twin.
    struct SynthesizedScalars: Codable, Equatable {
        var flag: Bool
        var count: Int64
        var ratio: Double
        var size: Int
        var limit: Int64?
    }

    static let day = Date(timeIntervalSince1970: 1_700_000_000.5)

    @Test(
        "a model without members encodes as {}, decodes from any value and is always equal, as synthesized",
        arguments: ["{}", #"{"x": 1}"#, "[]", "1"])
    func emptyModelLikeSynthesized(json: String) throws {
        let encoder = JSONCoding.makeEncoder()
        #expect(try encoder.encode(WrittenEmpty()) == encoder.encode(SynthesizedEmpty()))
        #expect(WrittenEmpty() == WrittenEmpty())
        #expect(WrittenEmpty().hashValue == WrittenEmpty().hashValue)
        let decoder = JSONCoding.makeDecoder()
        let written = try? decoder.decode(WrittenEmpty.self, from: Data(json.utf8))
        let synthesized = try? decoder.decode(SynthesizedEmpty.self, from: Data(json.utf8))
        #expect((written == nil) == (synthesized == nil))
    }

    @Test("encoding gives the synthesized JSON; a nil optional is left out", arguments: [nil, "hi"] as [String?])
    func encodesLikeSynthesized(note: String?) throws {
        let encoder = JSONCoding.makeEncoder()
        let written = try encoder.encode(Written(name: "a", note: note, when: Self.day, tags: ["x"]))
        let synthesized = try encoder.encode(Synthesized(name: "a", note: note, when: Self.day, tags: ["x"]))
        #expect(written == synthesized)
        #expect(String(decoding: written, as: UTF8.self).contains("note") == (note != nil))
    }

    @Test(
        "decoding accepts and refuses what the synthesized conformance does",
        arguments: [
            #"{"$name": "a", "when": "2023-11-14T22:13:20.500Z", "tags": []}"#,
            #"{"$name": "a", "note": null, "when": "2023-11-14T22:13:20.500Z", "tags": ["x"]}"#,
            #"{"$name": "a", "note": "n", "when": "2023-11-14T22:13:20Z", "tags": [], "extra": {"y": 1}}"#,
            #"{"name": "a", "when": "2023-11-14T22:13:20.500Z", "tags": []}"#,
            #"{"$name": null, "when": "2023-11-14T22:13:20.500Z", "tags": []}"#,
            #"{"$name": 1, "when": "2023-11-14T22:13:20.500Z", "tags": []}"#,
            #"{"$name": "a", "note": 2, "when": "2023-11-14T22:13:20.500Z", "tags": []}"#,
            #"{"$name": "a", "when": "yesterday", "tags": []}"#,
            #"["a"]"#,
        ])
    func decodesLikeSynthesized(json: String) {
        let decoder = JSONCoding.makeDecoder()
        let written = try? decoder.decode(Written.self, from: Data(json.utf8))
        let synthesized = try? decoder.decode(Synthesized.self, from: Data(json.utf8))
        #expect((written == nil) == (synthesized == nil))
        if let written, let synthesized {
            #expect(written.name == synthesized.name && written.note == synthesized.note)
            #expect(written.when == synthesized.when && written.tags == synthesized.tags)
        }
    }

    @Test(
        "scalars encode as synthesized, including the edges of their types",
        arguments: [
            WrittenScalars(flag: true, count: .max, ratio: 0.1, size: .min, limit: nil),
            WrittenScalars(flag: false, count: -1, ratio: -1e300, size: 0, limit: .min),
            WrittenScalars(flag: true, count: 0, ratio: .infinity, size: 1, limit: 7),
        ])
    func scalarsEncodeLikeSynthesized(scalars: WrittenScalars) {
        let twin = SynthesizedScalars(
            flag: scalars.flag, count: scalars.count, ratio: scalars.ratio, size: scalars.size, limit: scalars.limit)
        let encoder = JSONCoding.makeEncoder()
        let written = Result { try encoder.encode(scalars) }
        let synthesized = Result { try encoder.encode(twin) }
        #expect((try? written.get()) == (try? synthesized.get()))
        #expect((try? written.get()) != nil || scalars.ratio.isInfinite, "only a non-finite number fails")
    }

    @Test(
        "scalars decode and refuse what the synthesized conformance does",
        arguments: [
            #"{"flag": true, "count": 9223372036854775807, "ratio": 1.5, "size": -3}"#,
            #"{"flag": false, "count": 1, "ratio": 2, "size": 0, "limit": null}"#,
            #"{"flag": false, "count": 1, "ratio": 2, "size": 0, "limit": -9223372036854775808}"#,
            #"{"flag": 1, "count": 1, "ratio": 2, "size": 0}"#,
            #"{"flag": true, "count": 1.5, "ratio": 2, "size": 0}"#,
            #"{"flag": true, "count": 9223372036854775808, "ratio": 2, "size": 0}"#,
            #"{"flag": true, "count": "1", "ratio": 2, "size": 0}"#,
            #"{"flag": true, "count": 1, "ratio": "2", "size": 0}"#,
            #"{"flag": true, "count": 1, "ratio": 2, "size": null}"#,
            #"{"flag": true, "count": 1, "ratio": 2}"#,
            #"{"flag": true, "count": 1, "ratio": 2, "size": 0, "limit": 0.5}"#,
        ])
    func scalarsDecodeLikeSynthesized(json: String) {
        let decoder = JSONCoding.makeDecoder()
        let written = try? decoder.decode(WrittenScalars.self, from: Data(json.utf8))
        let synthesized = try? decoder.decode(SynthesizedScalars.self, from: Data(json.utf8))
        #expect((written == nil) == (synthesized == nil))
        if let written, let synthesized {
            #expect(
                written
                    == WrittenScalars(
                        flag: synthesized.flag, count: synthesized.count, ratio: synthesized.ratio,
                        size: synthesized.size, limit: synthesized.limit))
        }
    }

    @Test("a scalar of the wrong type is reported under its JSON name")
    func wrongScalarNamesTheKey() throws {
        let json = Data(#"{"flag": true, "count": "many", "ratio": 2, "size": 0}"#.utf8)
        do {
            _ = try JSONCoding.makeDecoder().decode(WrittenScalars.self, from: json)
            Issue.record("decoding succeeded with a string count")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int64.self))
            #expect(context.codingPath.map(\.stringValue) == ["count"])
        }
    }

    @Test("a missing member is reported under its JSON name")
    func missingMemberNamesTheKey() throws {
        let json = Data(#"{"when": "2023-11-14T22:13:20Z", "tags": []}"#.utf8)
        do {
            _ = try JSONCoding.makeDecoder().decode(Written.self, from: json)
            Issue.record("decoding succeeded without $name")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "$name")
        }
    }

    @Test("equality and hashing look at every member")
    func equalityCoversEveryMember() {
        let base = Written(name: "a", note: "n", when: Self.day, tags: ["x"])
        var variants: [Written] = []
        for index in 0..<4 {
            var changed = base
            switch index {
            case 0: changed.name = "b"
            case 1: changed.note = nil
            case 2: changed.when = Self.day.addingTimeInterval(1)
            default: changed.tags = []
            }
            variants.append(changed)
        }
        #expect(base == Written(name: "a", note: "n", when: Self.day, tags: ["x"]))
        #expect(base.hashValue == Written(name: "a", note: "n", when: Self.day, tags: ["x"]).hashValue)
        for variant in variants { #expect(variant != base) }
        #expect(Set(variants + [base]).count == 5)
    }

    @Test("the coding key is the JSON member name and never an index")
    func codingKeyHasNoIndex() {
        #expect(ModelCodingKey("a").stringValue == "a")
        #expect(ModelCodingKey(stringValue: "b").stringValue == "b")
        #expect(ModelCodingKey("a").intValue == nil)
        #expect(ModelCodingKey(intValue: 0) == nil)
    }
}
