import Foundation
import SDKRuntime

/// Turns the bytes of a request head into a `RequestHead`, refusing anything that is not valid
/// HTTP/1.x with a `ProtocolError`. Pure: no I/O, never traps on any input.
enum RequestHeadParser {
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Where the head ends in `buffer`: `headLength` bytes of header lines (each ending in a line
    /// feed), then the blank line; `consumed` counts both. Scanning starts at `start`, so a
    /// caller that re-scans a growing buffer can skip what it already looked at.
    static func findHeadEnd(in buffer: [UInt8], from start: Int) -> (headLength: Int, consumed: Int)? {
        var index = max(0, start)
        while index < buffer.count {
            if buffer[index] == lineFeed {
                if index + 1 < buffer.count && buffer[index + 1] == lineFeed {
                    return (index + 1, index + 2)
                }
                if index + 2 < buffer.count && buffer[index + 1] == carriageReturn
                    && buffer[index + 2] == lineFeed
                {
                    return (index + 1, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// Parses a head (request line and header lines, each ending in LF or CRLF).
    static func parse(_ head: ArraySlice<UInt8>, limits: ServerLimits) throws(ProtocolError)
        -> RequestHead
    {
        var lines = head.split(separator: lineFeed, omittingEmptySubsequences: false).map { line in
            line.last == carriageReturn ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { throw .badRequest("The request line is missing.") }
        var result = try parseRequestLine(requestLine)
        let fieldLines = lines.dropFirst()
        guard fieldLines.count <= limits.maxHeaderCount else {
            throw ProtocolError(
                status: 431, message: "Too many header fields (at most \(limits.maxHeaderCount)).")
        }
        result.headers = try fieldLines.map(parseField)
        try interpretFields(of: &result, limits: limits)
        return result
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(ProtocolError)
        -> RequestHead
    {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw .badRequest("The request line must be: METHOD SP target SP HTTP-version.")
        }
        guard HTTPSyntax.isToken(parts[0]), let method = String(strictUTF8: parts[0]) else {
            throw .badRequest("The method is not a valid token.")
        }
        let minorVersion = try parseVersion(parts[2])
        guard !parts[1].isEmpty, parts[1].allSatisfy(HTTPSyntax.isTargetByte),
            let target = String(strictUTF8: parts[1])
        else { throw .badRequest("The request target contains invalid characters.") }
        let (path, query) = try splitTarget(target)
        return RequestHead(
            method: method, path: path, query: query, headers: [], minorVersion: minorVersion,
            contentLength: 0, keepAlive: minorVersion == 1, expectsContinue: false)
    }

    private static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(ProtocolError) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        switch text {
        case "HTTP/1.1": return 1
        case "HTTP/1.0": return 0
        default:
            let digits = text.utf8.dropFirst(5)
            if text.hasPrefix("HTTP/"), digits.count == 3, digits.dropFirst().first == UInt8(ascii: "."),
                let major = digits.first, let minor = digits.last,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(major),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(minor)
            {
                throw ProtocolError(status: 505, message: "Only HTTP/1.1 and HTTP/1.0 are supported.")
            }
            throw .badRequest("The HTTP version is malformed.")
        }
    }

    /// Splits an origin-form (`/p?q`) or absolute-form (`http://host/p?q`) target.
    private static func splitTarget(_ target: String) throws(ProtocolError) -> (String, [HTTPField]) {
        var pathAndQuery = Substring(target)
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let afterScheme = pathAndQuery.drop { $0 != ":" }.dropFirst(3)
            let rest = afterScheme.drop { $0 != "/" && $0 != "?" }
            pathAndQuery = rest.hasPrefix("/") ? rest : "/" + rest
        }
        guard pathAndQuery.hasPrefix("/") else {
            throw .badRequest("The request target must be a path starting with /.")
        }
        let pieces = pathAndQuery.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pieces[0])
        guard PercentDecoding.segments(ofPath: path) != nil else {
            throw .badRequest("The path has invalid percent-encoding.")
        }
        guard let items = PercentDecoding.queryItems(pieces.count > 1 ? pieces[1] : "") else {
            throw .badRequest("The query has invalid percent-encoding.")
        }
        return (path, items.map { HTTPField(name: $0.name, value: $0.value) })
    }

    private static func parseField(_ line: ArraySlice<UInt8>) throws(ProtocolError) -> HTTPField {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw .badRequest("Folded or empty header lines are not allowed.")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .badRequest("A header line has no colon.")
        }
        let nameBytes = line[line.startIndex..<colon]
        guard HTTPSyntax.isToken(nameBytes), let name = String(strictUTF8: nameBytes) else {
            throw .badRequest("A header name is not a valid token.")
        }
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let valueBytes = line[(colon + 1)...].drop(while: isSpace).reversed().drop(while: isSpace)
            .reversed()
        guard valueBytes.allSatisfy(HTTPSyntax.isFieldValueByte),
            let value = String(strictUTF8: valueBytes)
        else {
            throw .badRequest("The value of header \(name) contains invalid bytes.")
        }
        return HTTPField(name: name, value: value)
    }

    private static func interpretFields(of head: inout RequestHead, limits: ServerLimits)
        throws(ProtocolError)
    {
        let hosts = values(of: "Host", in: head.headers)
        guard hosts.count <= 1, head.minorVersion == 0 || hosts.count == 1 else {
            throw .badRequest("An HTTP/1.1 request needs exactly one Host header.")
        }
        guard values(of: "Transfer-Encoding", in: head.headers).isEmpty else {
            throw ProtocolError(
                status: 501,
                message: "Transfer-Encoding is not supported; send the body with Content-Length.")
        }
        head.contentLength = try contentLength(of: head.headers, limits: limits)

        let connection = tokens(of: "Connection", in: head.headers)
        if connection.contains("close") {
            head.keepAlive = false
        } else if connection.contains("keep-alive") {
            head.keepAlive = true
        }

        for expectation in values(of: "Expect", in: head.headers) {
            guard expectation.lowercased() == "100-continue" else {
                throw ProtocolError(status: 417, message: "Only the expectation 100-continue is supported.")
            }
            head.expectsContinue = head.minorVersion == 1
        }
    }

    private static func contentLength(of headers: [HTTPField], limits: ServerLimits)
        throws(ProtocolError) -> Int
    {
        let lengths = values(of: "Content-Length", in: headers).flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }.map {
            $0.trimmingCharacters(in: [" ", "\t"])
        }
        guard let first = lengths.first else { return 0 }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty,
            first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { throw .badRequest("Content-Length must be one non-negative integer.") }
        guard first.count <= 18, let length = Int(first), length <= limits.maxBodyBytes else {
            throw ProtocolError(
                status: 413, message: "The body is too large (at most \(limits.maxBodyBytes) bytes).")
        }
        return length
    }

    private static func values(of name: String, in headers: [HTTPField]) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    private static func tokens(of name: String, in headers: [HTTPField]) -> Set<String> {
        Set(
            values(of: name, in: headers).flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: [" ", "\t"]).lowercased()
            })
    }
}
