/// Something that goes wrong on purpose when a request reaches a route.
///
/// Unless noted, the route's handler does not run (the request is still in the request log).
public enum Fault: Sendable, Hashable {
  /// Waits this long (on the server's clock), then answers normally.
  case delay(Duration)
  /// Waits until the test calls `EmulatorServer.release(route:)` (or the server stops), then
  /// answers normally. Use `waitUntilHeld(route:count:)` to know the request has arrived.
  case hold
  /// Closes the connection without answering.
  case dropConnection
  /// Runs the handler, sends the status line and headers announcing a body of at least one
  /// byte, sends less than half of it, and closes the connection.
  case dropAfterHeaders
  /// Answers `status`; with `code`, the body is the APIs' error shape with that code, without it
  /// the body is empty; with `retryAfter`, a `Retry-After` header carries that text as is.
  case status(Int, code: String? = nil, retryAfter: String? = nil)
  /// Answers `200` with `Content-Type: application/json` and a body that is not valid JSON.
  case malformedBody
  /// Answers `401` with the error code `AUTHENTICATION_FAILED`, as for a refused API key.
  case rejectKey

  /// The fault's name in JSON and in the request log (`delay`, `hold`, `status`, ...).
  public var kind: String {
    switch self {
    case .delay: "delay"
    case .hold: "hold"
    case .dropConnection: "dropConnection"
    case .dropAfterHeaders: "dropAfterHeaders"
    case .status: "status"
    case .malformedBody: "malformedBody"
    case .rejectKey: "rejectKey"
    }
  }
}

/// Which requests a fault applies to.
public enum FaultScope: Sendable, Hashable {
  /// The next `count` requests to the route, then the rule is removed.
  case next(Int)
  /// Every request until the rule is cleared.
  case untilCleared
  /// Each request with this probability (0...1), decided by a generator seeded with `seed`,
  /// so a load test hits the same requests on every run.
  case failFraction(Double, seed: UInt64)
}

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
