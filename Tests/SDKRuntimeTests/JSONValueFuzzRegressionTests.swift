import Foundation
import SDKRuntime
import Testing

/// Replays the model-decoding target's inputs (`Fuzz/README.md`) for the runtime's own model,
/// `JSONValue`: the seed fragments and every input kept in `Fuzz/Crashes/model-decoding/`, with
/// the target's property. (Inputs that broke a generated model are replayed by a typed test in
/// the suite of that model's module.)
@Suite("Fuzz regressions: JSONValue", .timeLimit(.minutes(3)))
struct JSONValueFuzzRegressionTests {
    /// The package root, found from this file's location.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The seed fragments and the kept inputs, by path relative to the package root.
    static let inputs: [String] = ["Fuzz/Corpus/model-decoding", "Fuzz/Crashes/model-decoding"].flatMap { folder in
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.map { "\(folder)/\($0)" }
    }
    .sorted()

    @Test("the seed fragments are found (else the replay below would check nothing)")
    func seedsArePresent() {
        #expect(Self.inputs.count >= 100)
    }

    @Test(
        "whatever decodes as a JSONValue encodes, decodes again, and encodes to the same bytes",
        arguments: inputs)
    func roundTrips(path: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent(path))
        let decoder = JSONCoding.makeDecoder()
        let encoder = JSONCoding.makeEncoder()
        guard let decoded = try? decoder.decode(JSONValue.self, from: data) else { return }
        let encoded = try encoder.encode(decoded)
        let again = try decoder.decode(JSONValue.self, from: encoded)
        #expect(again == decoded)
        #expect(try encoder.encode(again) == encoded)
    }
}
