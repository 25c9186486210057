import Foundation

/// Encodes request bodies for generated clients, with the one wire format of every spec.
public enum JSONBody {
    /// The JSON bytes of `value`; a value that cannot be encoded is refused as `rejected`
    /// without sending anything.
    public static func encode<Body: Encodable>(_ value: Body) throws(APIError) -> Data {
        do {
            return try JSONCoding.encoder.encode(value)
        } catch {
            throw APIError(category: .rejected, message: "the request body of type \(Body.self) could not be encoded")
        }
    }
}
