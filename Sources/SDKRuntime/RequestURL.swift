import Foundation

/// Builds the URL a request goes to, and refuses URLs the SDKs must never use.
///
/// The result is `baseURL` (without its trailing `/`) followed by the request's path and its
/// query items, each name and value percent-encoded so that only RFC 3986 unreserved characters
/// (`A-Z a-z 0-9 - . _ ~`) stay as they are. `https` is required, except that plain `http` is
/// allowed to a loopback host (`localhost`, `127.0.0.0/8`, `::1`) such as the emulator.
public enum RequestURL {
    /// The full URL of `request` below `baseURL`.
    ///
    /// Throws `TransportError.invalidRequest` when the base URL is not `https` (or `http` to a
    /// loopback host), has no host, or carries a query or fragment; or when the path does not
    /// start with `/` or holds anything but RFC 3986 path characters and `%XX` escapes.
    public static func make(for request: HTTPRequest, baseURL: URL) throws(TransportError) -> URL {
        guard let scheme = baseURL.scheme?.lowercased(), let host = baseURL.host, !host.isEmpty else {
            throw .invalidRequest("The base URL needs a scheme and a host.")
        }
        switch scheme {
        case "https": break
        case "http" where isLoopback(host: host): break
        case "http":
            throw .invalidRequest("TLS required: plain http is allowed only to a loopback host.")
        default: throw .invalidRequest("Unsupported URL scheme '\(scheme)'.")
        }
        guard baseURL.query == nil, baseURL.fragment == nil else {
            throw .invalidRequest("The base URL must not have a query or a fragment.")
        }
        guard request.path.hasPrefix("/"), isEncodedPath(request.path) else {
            throw .invalidRequest(
                "The request path must start with '/' and be percent-encoded, without query.")
        }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += request.path
        if !request.query.isEmpty {
            text +=
                "?"
                + request.query.map { URLPathSegment.encode($0.name) + "=" + URLPathSegment.encode($0.value) }.joined(
                    separator: "&")
        }
        guard let url = URL(string: text) else {
            throw .invalidRequest("The request path does not form a valid URL.")
        }
        return url
    }

    /// Whether `host` names this machine: `localhost`, an IPv4 address in `127.0.0.0/8`, or
    /// the IPv6 loopback `::1` (with or without brackets).
    public static func isLoopback(host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            (1...3).contains(octet.count) && octet.utf8.allSatisfy { (0x30...0x39).contains($0) }
                && (Int(octet) ?? 256) <= 255
        }
    }

    /// Whether `path` holds only RFC 3986 path characters (unreserved, sub-delims, `:`, `@`,
    /// `/`) and well-formed `%XX` escapes, and so no query, fragment, space or non-ASCII text.
    static func isEncodedPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                else {
                    return false
                }
                index += 3
                continue
            }
            guard pathBytes.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static let pathBytes = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".utf8)
}
