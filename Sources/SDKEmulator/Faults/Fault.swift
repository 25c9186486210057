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
