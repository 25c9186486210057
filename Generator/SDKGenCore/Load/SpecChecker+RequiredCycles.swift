extension SpecChecker {
    /// Reports every loop of required model references (`A` holds a required `B`, which holds a
    /// required `A`): no finite JSON value decodes as such a model, so the spec could never be
    /// met. An optional member, a list or a map ends a chain (`nil`, `[]` and `{}` are values).
    ///
    /// One depth-first walk over the required references, in spec order, without recursion (a
    /// chain may be thousands of models long); each reference that leads back into the chain
    /// being walked closes a loop and is reported once, at that member.
    static func checkRequiredCycles(_ spec: Spec, log: inout DiagnosticLog) {
        let index = Dictionary(spec.models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let edges: [[(property: ModelSpec.Property, target: Int)]] = spec.models.map { model in
            model.properties.compactMap { property in
                guard case .named(let name) = property.type, let target = index[name] else { return nil }
                return (property, target)
            }
        }
        enum Mark { case unvisited, onChain, done }
        var marks = [Mark](repeating: .unvisited, count: spec.models.count)
        for start in spec.models.indices where marks[start] == .unvisited {
            var chain: [(model: Int, next: Int)] = [(start, 0)]
            marks[start] = .onChain
            while let (model, next) = chain.last {
                guard next < edges[model].count else {
                    marks[model] = .done
                    chain.removeLast()
                    continue
                }
                chain[chain.count - 1].next += 1
                let (property, target) = edges[model][next]
                switch marks[target] {
                case .unvisited:
                    marks[target] = .onChain
                    chain.append((target, 0))
                case .onChain:
                    let loop = chain.drop { $0.model != target }.map { spec.models[$0.model].name }
                    log.error(
                        "required properties loop \((loop + [spec.models[target].name]).joined(separator: " → ")) "
                            + "('\(property.name)' of '\(spec.models[model].name)' closes it), so no value of these models "
                            + "can exist; make a property on the way optional, a list or a map", at: property.location)
                case .done:
                    break
                }
            }
        }
    }
}
