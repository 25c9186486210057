/// What the connection should do once a request has been handled.
enum ResponsePlan: Sendable {
    /// Send this response.
    case respond(EmulatorResponse)
    /// Close the connection without sending anything.
    case drop
    /// Send this response's head and part of its body, then close (see `Fault.dropAfterHeaders`).
    case dropAfterHeaders(EmulatorResponse)
}
