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
}
