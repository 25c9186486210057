/// A request the server refuses before routing: answered with `status` and a short body, then
/// the connection is closed.
struct ProtocolError: Error, Sendable, Hashable {
    /// The status to answer with (400, 408, 413, 417, 431, 501 or 505).
    let status: Int
    /// One sentence saying what was wrong, sent as the body.
    let message: String

    /// The error code both APIs' contracts give this refusal, answered in their JSON error body
    /// as every other refusal of theirs is: a malformed request (400) is `INVALID_ARGUMENT`, a
    /// body over the limit (413) `PAYLOAD_TOO_LARGE`. The others (a timeout, headers too large,
    /// an unsupported version or transfer coding) happen below any API and are answered as text.
    var code: String? {
        switch status {
        case 400: "INVALID_ARGUMENT"
        case 413: "PAYLOAD_TOO_LARGE"
        default: nil
        }
    }

    static func badRequest(_ message: String) -> ProtocolError {
        ProtocolError(status: 400, message: message)
    }
}
