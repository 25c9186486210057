/// A spec the benchmark writes to measure the generator and the generated code at a size.
protocol BenchmarkSpec: Sendable {
    /// The API name, which names the generated modules (`<name>API`).
    var apiName: String { get }
    /// The YAML text.
    var text: String { get }
}

/// The shapes of benchmark spec (`--shape`).
enum SpecShape: String, Sendable, CaseIterable {
    /// ``SyntheticSpec``: lists between models, few enums, rules on every operation.
    case synthetic
    /// ``PeerShapeSpec``: the content swift-openapi-generator was timed on, with an enum per
    /// model and a reference chain between models.
    case peer

    /// The spec of this shape with `models` models.
    func spec(models: Int) -> any BenchmarkSpec {
        switch self {
        case .synthetic: SyntheticSpec(models: models)
        case .peer: PeerShapeSpec(models: models)
        }
    }
}
