import Foundation
import SDKRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure of ``RawClient``: a socket that could not be opened or connected, or a response
/// that ended early or did not parse.
public struct RawClientError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
}

/// A response as ``RawClient/readResponse(expectBody:)`` read it.
public struct RawResponse: Sendable {
    /// The status code of the status line.
    public var status: Int
    /// The header fields, in the order received.
    public var headers: [HTTPField]
    /// The body: `Content-Length` bytes.
    public var body: [UInt8]

    /// A response with these parts.
    public init(status: Int, headers: [HTTPField], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body decoded as UTF-8.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The value of the first field named `name` (case-insensitive), if any.
    public func header(_ name: String) -> String? { headers[field: name] }
}

/// A blocking TCP client of a loopback server, for sending exact bytes, malformed ones
/// included, and reading the answers as they come. Use it inside ``offPool(_:)``; every read
/// and write gives up after the timeout it was made with.
public final class RawClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `port` on 127.0.0.1; every later read and write gives up after `timeout`.
    public init(port: UInt16, timeout: Duration = .seconds(5)) throws {
        #if canImport(Darwin)
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw RawClientError(description: "socket failed") }
        var time = timeval()
        time.tv_sec = .init(timeout.components.seconds)
        time.tv_usec = .init(timeout.components.attoseconds / 1_000_000_000_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            // No close here: a class whose stored properties are all set runs `deinit` when its
            // initializer throws, and closing twice would close someone else's reused descriptor.
            throw RawClientError(description: "connect failed: errno \(errno)")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Sends every byte; `false` when the server closed the connection first.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, flags)
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends `text` as UTF-8; `false` when the server closed the connection first.
    @discardableResult
    public func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// Closes the sending side (the server reads end of stream); answers can still be read.
    public func shutdownWrite() {
        #if canImport(Darwin)
            shutdown(descriptor, SHUT_WR)
        #else
            shutdown(descriptor, Int32(SHUT_WR))
        #endif
    }

    /// Reads more bytes into the buffer; `false` on end of stream, error or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Everything until the server closes the connection (or the timeout passes).
    public func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer = [] }
        return buffer
    }

    /// Whether the server has closed the connection: end of stream (or reset) with no more data.
    /// Waits up to `patience` receive timeouts for the close (a slow machine, or a sanitizer).
    public func isClosedByServer(patience: Int = 6) -> Bool {
        var byte: UInt8 = 0
        for _ in 0..<patience {
            let count = recv(descriptor, &byte, 1, 0)
            if count == 0 { return true }
            guard count < 0 else { return false }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return errno == ECONNRESET }
        }
        return false
    }

    /// Reads one response: head, then a body of `Content-Length` bytes (none for HEAD/204/304
    /// when `expectBody` is false). Bytes after it stay buffered for the next call.
    public func readResponse(expectBody: Bool = true) throws -> RawResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.indices.first { buffer[$0...].starts(with: separator) }
            if headEnd == nil && !fill() {
                throw RawClientError(
                    description: "connection ended before a response head; got \(buffer.count) bytes")
            }
        }
        let end = headEnd ?? 0
        let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end + 4)
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1])
        else {
            throw RawClientError(description: "bad status line \(lines[0])")
        }
        let headers = lines.dropFirst().map { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            return HTTPField(
                name: String(parts[0]),
                value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        let length = expectBody ? (headers[field: "Content-Length"].flatMap { Int($0) } ?? 0) : 0
        while buffer.count < length {
            guard fill() else {
                throw RawClientError(description: "body ended after \(buffer.count) of \(length) bytes")
            }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }
}

/// A well-formed HTTP/1.1 request as text: the request line, `Host`, `headers` (each
/// `Name: value`), `Content-Length` when there is a body, `Connection: close` when `close`, then
/// `body`.
public func rawRequest(
    _ method: String, _ target: String, headers: [String] = [], body: String = "", close: Bool = false
) -> String {
    var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers
    if !body.isEmpty { lines.append("Content-Length: \(body.utf8.count)") }
    if close { lines.append("Connection: close") }
    return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
}
