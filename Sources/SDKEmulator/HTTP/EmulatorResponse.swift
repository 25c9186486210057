import Foundation
import SDKRuntime

/// What a route handler answers: the runtime's `HTTPResponse`. Header fields with names or
/// values that are not valid HTTP are dropped when sent; `Content-Length`, `Transfer-Encoding`
/// and `Connection` are set by the server (a handler may send `Connection: close` to end the
/// connection after this response).
public typealias EmulatorResponse = HTTPResponse

extension HTTPResponse {
    /// `value` encoded as JSON (`Content-Type: application/json`); a 500 error response when it
    /// cannot be encoded. The default encoder sorts keys, so bodies are deterministic.
    public static func json(
        _ value: some Encodable, status: Int = 200, encoder: JSONEncoder = .emulator
    ) -> EmulatorResponse {
        do {
            return EmulatorResponse(
                status: status, headers: [HTTPField(name: "Content-Type", value: "application/json")],
                body: try encoder.encode(value))
        } catch {
            return .error(
                status: 500, code: "INTERNAL", message: "The emulator could not encode its response.")
        }
    }

    /// A plain-text response (`text/plain; charset=utf-8`).
    public static func text(_ text: String, status: Int = 200) -> EmulatorResponse {
        EmulatorResponse(
            status: status,
            headers: [HTTPField(name: "Content-Type", value: "text/plain; charset=utf-8")],
            body: Data(text.utf8))
    }

    /// A response without a body.
    public static func empty(_ status: Int = 204) -> EmulatorResponse {
        EmulatorResponse(status: status)
    }

    /// An error in the APIs' shape: `{"error": {"code": "INVALID_ARGUMENT", "message": "..."}}`.
    public static func error(status: Int, code: String, message: String) -> EmulatorResponse {
        json(EmulatorErrorBody(code: code, message: message), status: status)
    }

    /// This response with one more header field.
    public func adding(header name: String, value: String) -> EmulatorResponse {
        var copy = self
        copy.headers.append(HTTPField(name: name, value: value))
        return copy
    }
}
