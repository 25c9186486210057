import Foundation
import SDKRuntime

/// Turns an `EmulatorResponse` into HTTP/1.1 bytes.
enum ResponseSerializer {
    /// Header fields the server manages itself; a handler's own are ignored.
    private static let managedFields: Set<String> = [
        "content-length", "transfer-encoding", "connection",
    ]

    /// Whether the handler asked to close the connection with `Connection: close`.
    static func requestsClose(_ response: EmulatorResponse) -> Bool {
        response.headers.contains {
            $0.name.lowercased() == "connection"
                && $0.value.split(separator: ",").contains {
                    $0.trimmingCharacters(in: .whitespaces).lowercased() == "close"
                }
        }
    }

    /// The status line and header block, ending with the blank line.
    ///
    /// A status outside 200...599 becomes 500. `bodyLength` is what `Content-Length` announces.
    static func head(
        for response: EmulatorResponse, bodyLength: Int, keepAlive: Bool, minorVersion: Int
    ) -> [UInt8] {
        let status = finalStatus(response)
        var text = "HTTP/1.1 \(status) \(HTTPStatus.reason(for: status))\r\n"
        for field in response.headers where isSendable(field) {
            text += "\(field.name): \(field.value)\r\n"
        }
        if !HTTPStatus.forbidsBody(status) {
            text += "Content-Length: \(bodyLength)\r\n"
        }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if minorVersion == 0 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The whole response for a request with `method`: no body for `HEAD`, 204 and 304.
    static func serialize(
        _ response: EmulatorResponse, method: String, keepAlive: Bool, minorVersion: Int
    ) -> [UInt8] {
        let sendsBody = method != "HEAD" && !HTTPStatus.forbidsBody(finalStatus(response))
        var bytes = head(
            for: response, bodyLength: response.body.count, keepAlive: keepAlive,
            minorVersion: minorVersion)
        if sendsBody { bytes.append(contentsOf: response.body) }
        return bytes
    }

    /// The interim response a client sent `Expect: 100-continue` for.
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// A protocol-level refusal: the status, the APIs' JSON error body when the refusal has a
    /// code (`ProtocolError.code`) or else a short text body, and `Connection: close`.
    static func refusal(_ error: ProtocolError) -> [UInt8] {
        let response =
            error.code.map { EmulatorResponse.error(status: error.status, code: $0, message: error.message) }
            ?? .text(error.message + "\n", status: error.status)
        return serialize(response, method: "GET", keepAlive: false, minorVersion: 1)
    }

    /// The status actually sent: anything outside 200...599 becomes 500.
    private static func finalStatus(_ response: EmulatorResponse) -> Int {
        (200...599).contains(response.status) ? response.status : 500
    }

    private static func isSendable(_ field: HTTPField) -> Bool {
        HTTPSyntax.isToken(field.name.utf8) && field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte)
            && !managedFields.contains(field.name.lowercased())
    }
}
