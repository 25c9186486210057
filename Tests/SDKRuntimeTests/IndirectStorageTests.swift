import Foundation
import SDKRuntime
import Testing

/// Members stored out of line behave as members stored in place: a model written the way the
/// generator writes one, with its model members behind `Indirect` and `OptionalIndirect`, gives
/// the same JSON, equality and hashing as its twin with every member in place, keeps value
/// semantics, and stays one reference wide however large the stored value is.
@Suite("Out-of-line storage of model members", .timeLimit(.minutes(3)))
struct IndirectStorageTests {
    /// A nested model, large enough that storing it in place would show in the outer size.
    struct Inner: Codable, Hashable, Sendable {
        var a: String
        var b: String
        var c: Int
    }

    /// An outer model written the way the generator writes one.
    struct Boxed: MemberwiseModel {
        @Indirect var inner: Inner
        @OptionalIndirect var parent: Inner?

        init(inner: Inner, parent: Inner? = nil) {
            self.inner = inner
            self.parent = parent
        }

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            try self.init(inner: container.decode("inner"), parent: container.decodeIfPresent("parent"))
        }

        static let members: [ModelMember<Self>] = [.required("inner", \.inner), .optional("parent", \.parent)]
    }

    /// The same model with its members in place and synthesized conformances.
    struct InPlace: Codable, Hashable {
        var inner: Inner
        var parent: Inner?
    }

    static let one = Inner(a: "a", b: "b", c: 1)
    static let two = Inner(a: "x", b: "y", c: 2)

    @Test("encoding gives the in-place twin's JSON; a nil optional member is left out", arguments: [nil, two])
    func encodesLikeInPlace(parent: Inner?) throws {
        let encoder = JSONCoding.makeEncoder()
        let boxed = try encoder.encode(Boxed(inner: Self.one, parent: parent))
        #expect(boxed == (try encoder.encode(InPlace(inner: Self.one, parent: parent))))
        #expect(String(decoding: boxed, as: UTF8.self).contains("parent") == (parent != nil))
    }

    @Test(
        "decoding accepts and refuses what the in-place twin does",
        arguments: [
            #"{"inner": {"a": "a", "b": "b", "c": 1}}"#,
            #"{"inner": {"a": "a", "b": "b", "c": 1}, "parent": null}"#,
            #"{"inner": {"a": "a", "b": "b", "c": 1}, "parent": {"a": "x", "b": "y", "c": 2}}"#,
            #"{"parent": {"a": "x", "b": "y", "c": 2}}"#,
            #"{"inner": {"a": "a", "b": "b"}}"#,
            #"{"inner": null}"#,
        ])
    func decodesLikeInPlace(json: String) {
        let decoder = JSONCoding.makeDecoder()
        let boxed = try? decoder.decode(Boxed.self, from: Data(json.utf8))
        let inPlace = try? decoder.decode(InPlace.self, from: Data(json.utf8))
        #expect((boxed == nil) == (inPlace == nil))
        #expect(boxed?.inner == inPlace?.inner && boxed?.parent == inPlace?.parent)
    }

    @Test("equality and hashing look at the stored values, not at the boxes")
    func equalityComparesValues() {
        let base = Boxed(inner: Self.one, parent: Self.two)
        #expect(base == Boxed(inner: Self.one, parent: Self.two))
        #expect(base.hashValue == Boxed(inner: Self.one, parent: Self.two).hashValue)
        #expect(base != Boxed(inner: Self.two, parent: Self.two))
        #expect(base != Boxed(inner: Self.one, parent: nil))
        #expect(Set([base, Boxed(inner: Self.one), Boxed(inner: Self.one, parent: Self.one)]).count == 3)
    }

    @Test("changing a copy's member, or a member of its member, leaves the original as it was")
    func copiesDoNotShareChanges() {
        let original = Boxed(inner: Self.one, parent: Self.two)
        var copy = original
        copy.inner.c = 99
        copy.parent?.a = "changed"
        #expect(original.inner == Self.one && original.parent == Self.two)
        #expect(copy.inner.c == 99 && copy.parent?.a == "changed")
        copy.parent = nil
        #expect(copy.parent == nil && original.parent == Self.two)
    }

    @Test("a stored member is one reference wide, whatever the size of its value")
    func storageIsOneReferenceWide() {
        let pointer = MemoryLayout<UnsafeRawPointer>.size
        #expect(MemoryLayout<Inner>.size > pointer)
        #expect(MemoryLayout<Indirect<Inner>>.size == pointer)
        #expect(MemoryLayout<OptionalIndirect<Inner>>.size == pointer)
        #expect(MemoryLayout<Boxed>.size == 2 * pointer)
    }

    @Test("dump and debuggers show the stored value, not the box")
    func mirrorShowsTheValue() {
        var text = ""
        dump(Boxed(inner: Self.one, parent: nil), to: &text)
        #expect(text.contains("a: \"a\"") && text.contains("c: 1"))
        #expect(!text.contains("IndirectBox"))
    }
}
