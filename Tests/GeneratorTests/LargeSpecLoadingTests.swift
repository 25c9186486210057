import SDKGenCore
import Testing

/// Models are loaded on every processor once a spec has many of them; what comes out must be
/// what one processor would give: every model in spec order, and every problem reported once,
/// at its own line.
@Suite("Loading large specs", .timeLimit(.minutes(3)))
struct LargeSpecLoadingTests {
    /// A spec with `count` models; the models in `broken` misspell `doc`.
    private func spec(models count: Int, broken: Set<Int> = []) -> String {
        var lines = ["sdkgen: 1", "api:", "  name: Big", "  version: 1.0.0", "models:"]
        for index in 0..<count {
            lines += [
                "  Item\(index):", broken.contains(index) ? "    docs: x" : "    doc: x", "    properties:",
                "      id: {type: string}",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("300 models load in spec order")
    func modelsKeepSpecOrder() throws {
        var log = DiagnosticLog()
        let loaded = try #require(SpecLoader.load(text: spec(models: 300), file: "big.yaml", log: &log))
        #expect(log.entries.isEmpty)
        #expect(loaded.models.map(\.name) == (0..<300).map { "Item\($0)" })
    }

    @Test("problems in many models are each reported once, at their own line")
    func problemsAreAllReported() {
        let diagnostics = Generate.diagnostics(spec(models: 300, broken: [3, 150, 299]), file: "big.yaml")
        #expect(
            diagnostics
                == [3, 150, 299].map { index in
                    "big.yaml:\(7 + 4 * index):5: error: unknown key 'docs' in model 'Item\(index)' (did you mean 'doc'?)"
                })
    }
}
