import Foundation
import SDKRuntime

/// How the Voidhash routes read request bodies and write responses: always with
/// `JSONCoding`'s encoder and decoder (RFC 3339 dates with milliseconds, sorted keys).
enum VoidhashWire {
    /// The body of `request` decoded as `type`, or `400 INVALID_ARGUMENT` naming the type.
    static func decode<Value: Decodable>(_ type: Value.Type, from request: EmulatorRequest)
        throws(VoidhashEmulatorError) -> Value
    {
        do {
            return try JSONCoding.decoder.decode(type, from: request.body)
        } catch {
            throw .invalidArgument("The body is not a valid \(Value.self).")
        }
    }

    /// `value` as a JSON response with `status`.
    static func json(_ value: some Encodable, status: Int = 200) -> EmulatorResponse {
        .json(value, status: status, encoder: JSONCoding.encoder)
    }
}
