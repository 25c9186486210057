/// Percent-decoding for paths and query strings. In a path `+` is itself (RFC 3986); in a query
/// it is a space, as browsers, Python's `requests`, Java's `URLEncoder` and testing tools write
/// one (`application/x-www-form-urlencoded`). Generated clients write `%20` and `%2B`, which
/// both readings agree on.
enum PercentDecoding {
    /// Decodes `%XX` escapes, and `+` as a space when `plusIsSpace`; `nil` when an escape is
    /// malformed or the result is not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue),
                let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(strictUTF8: bytes)
    }

    /// The decoded segments of an origin-form path (`/` → none, `/a/` → `a` and an empty one).
    static func segments(ofPath path: String) -> [String]? {
        guard path != "/" else { return [] }
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let segment = decode(raw) else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// The decoded items of a query string (`a=1&b&c=`, `q=a+b` is `a b`); `nil` when an escape
    /// is malformed.
    static func queryItems(_ query: Substring) -> [(name: String, value: String)]? {
        var items: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0], plusIsSpace: true),
                let value = decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
            else { return nil }
            items.append((name, value))
        }
        return items
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
