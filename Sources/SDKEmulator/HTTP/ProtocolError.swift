/// A request the server refuses before routing: answered with `status` and a short text body,
/// then the connection is closed.
struct ProtocolError: Error, Sendable, Hashable {
    /// The status to answer with (400, 408, 413, 417, 431, 501 or 505).
    let status: Int
    /// One sentence saying what was wrong, sent as the body.
    let message: String

    static func badRequest(_ message: String) -> ProtocolError {
        ProtocolError(status: 400, message: message)
    }
}
