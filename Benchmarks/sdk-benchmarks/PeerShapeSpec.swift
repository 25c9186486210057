/// A synthetic contract of the shape real APIs have, item by item the content of the OpenAPI
/// document swift-openapi-generator was timed on (`shared/bench/gen_peer_shape_spec.py`), so that
/// figures on it can be set beside the peer's: `models` models of 8 members (a string, a 64-bit
/// integer, a boolean, an open enum of its own, an optional string list, an optional number, an
/// optional reference to a parent model forming a tree of depth log2 N, an optional date), one
/// 3-value enum per model, and one operation per 4 models, alternating a GET by path ID with a
/// POST of a model.
struct PeerShapeSpec: BenchmarkSpec {
    /// How many models (and enums) the spec declares.
    let models: Int

    var apiName: String { "Peer\(models)" }

    var text: String {
        var lines = ["sdkgen: 1", "api:", "  name: \(apiName)", "  title: Synthetic benchmark API (N=\(models))"]
        lines += ["  version: 1.0.0", "enums:"]
        for index in 0..<models {
            lines += ["  \(Self.modelName(index))Status:", "    values: [active, inactive, pending]"]
        }
        lines.append("models:")
        for index in 0..<models { lines += model(index) }
        lines += [
            "errors:",
            "  BAD_REQUEST: {status: 400, category: rejected, doc: Bad request}",
            "  NOT_FOUND: {status: 404, category: rejected, doc: Not found}",
            "operations:",
        ]
        for index in 0..<max(1, models / 4) { lines += operation(index) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The name of the model at `index`: `Entity0000`, `Entity0001`, …
    static func modelName(_ index: Int) -> String {
        "Entity" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index)
    }

    private func model(_ index: Int) -> [String] {
        let name = Self.modelName(index)
        return [
            "  \(name):",
            "    doc: Synthetic entity number \(index)",
            "    properties:",
            "      id: string",
            "      count: integer",
            "      active: boolean",
            "      status: \(name)Status",
            "      tags: \"[string]?\"",
            "      score: \"number?\"",
            index > 0 ? "      parent: \"\(Self.modelName((index - 1) / 2))?\"" : "      label: \"string?\"",
            "      createdAt: \"date?\"",
        ]
    }

    private func operation(_ index: Int) -> [String] {
        let target = Self.modelName((index * 4) % models)
        let other = Self.modelName((index * 4 + 1) % models)
        if index.isMultiple(of: 2) {
            return [
                "  getResource\(index):",
                "    doc: Fetch a \(target) by id",
                "    method: GET",
                "    path: /resources\(index)/{id}",
                "    parameters:",
                "      id: {in: path, type: string}",
                "      limit: {in: query, type: \"integer?\"}",
                "    response: \(target)",
                "    status: 200",
                "    errors: [NOT_FOUND]",
            ]
        }
        return [
            "  createResource\(index):",
            "    doc: Create a \(other)",
            "    method: POST",
            "    path: /resources\(index)",
            "    body: \(other)",
            "    response: \(target)",
            "    status: 201",
            "    errors: [BAD_REQUEST]",
        ]
    }
}
