/// A fault, the route it targets, and how many requests it applies to.
public struct FaultRule: Sendable, Hashable {
    /// The route name it targets; `nil` targets every request outside `/_admin/`, routed or not.
    public var route: String?
    /// What goes wrong.
    public var fault: Fault
    /// Which requests it applies to (for `.next`, how many are left).
    public var scope: FaultScope

    /// A rule with every part spelled out.
    public init(route: String?, fault: Fault, scope: FaultScope = .untilCleared) {
        self.route = route
        self.fault = fault
        self.scope = scope
    }

    /// Why this rule cannot be used, or `nil` when it can (a non-positive count, a fraction
    /// outside 0...1, a negative delay, or a status outside 200...599).
    public var problem: String? {
        switch scope {
        case .next(let count) where count < 1: return "times must be at least 1"
        case .failFraction(let fraction, _) where !(0...1).contains(fraction):
            return "fraction must be within 0...1"
        default: break
        }
        switch fault {
        case .delay(let duration) where duration < .zero: return "a delay cannot be negative"
        case .status(let status, _, _) where !(200...599).contains(status):
            return "status must be within 200...599"
        default: return nil
        }
    }
}
