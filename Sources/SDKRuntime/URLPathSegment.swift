import Foundation

/// Percent-encoding of values placed into a path template by generated clients.
public enum URLPathSegment {
    /// Characters left as they are in a path segment (RFC 3986 unreserved).
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `value` percent-encoded so that it stays one path segment (a `/` becomes `%2F`).
    public static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// A string path parameter encoded as one segment (`encode(_:)`), refused when no segment
    /// can carry it: an empty value would join its neighbours (`/people//attributes`), and `.`
    /// and `..` are left as they are by percent-encoding and then removed with the segment
    /// before them by URL resolution, so the request would go to another resource.
    ///
    /// - Throws: an `APIError` in the `rejected` category; nothing was sent.
    public static func parameter(_ value: String) throws(APIError) -> String {
        guard !value.isEmpty, value != ".", value != ".." else {
            throw APIError(
                category: .rejected,
                message:
                    "The request was refused before sending: a path parameter cannot be empty, \".\" or \"..\".")
        }
        return encode(value)
    }
}
