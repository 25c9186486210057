import Synchronization

/// The active fault rules, consulted once per request in the order they were added.
final class FaultTable: Sendable {
    private struct Entry: Sendable {
        var rule: FaultRule
        var generator: SeededRandomNumberGenerator?
    }

    private let entries = Mutex<[Entry]>([])

    /// Adds `rule` after the existing ones. A rule for no requests (`.next(0)`) is ignored.
    func add(_ rule: FaultRule) {
        if case .next(let count) = rule.scope, count < 1 { return }
        var generator: SeededRandomNumberGenerator?
        if case .failFraction(_, let seed) = rule.scope {
            generator = SeededRandomNumberGenerator(seed: seed)
        }
        entries.withLock { $0.append(Entry(rule: rule, generator: generator)) }
    }

    /// The active rules, in order; a `.next` rule shows how many requests it has left.
    var rules: [FaultRule] {
        entries.withLock { $0.map(\.rule) }
    }

    /// Removes every rule (`route == nil`) or the rules that target `route`.
    func clear(route: String? = nil) {
        entries.withLock { entries in
            entries.removeAll { route == nil || $0.rule.route == route }
        }
    }

    /// The fault for one request to `route` (`nil`: unrouted), counting it against its rule.
    ///
    /// The first rule that targets the route and, for a fraction, draws this request, wins.
    func take(route: String?) -> Fault? {
        entries.withLock { entries in
            for index in entries.indices
            where entries[index].rule.route == nil || entries[index].rule.route == route {
                switch entries[index].rule.scope {
                case .untilCleared:
                    return entries[index].rule.fault
                case .next(let count):
                    let fault = entries[index].rule.fault
                    if count <= 1 {
                        entries.remove(at: index)
                    } else {
                        entries[index].rule.scope = .next(count - 1)
                    }
                    return fault
                case .failFraction(let fraction, _):
                    let draw = entries[index].generator?.nextUnitInterval() ?? 1
                    if draw < fraction { return entries[index].rule.fault }
                }
            }
            return nil
        }
    }
}
