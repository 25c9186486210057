import Foundation
import Synchronization

import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (port chosen by the system) for transport tests.
///
/// Each connection's request is read (head plus `Content-Length` body), recorded, and passed to
/// `respond`; the bytes it returns are written and the connection closed. When `respond`
/// returns `nil` the connection is held open without an answer until `stop()`.
final class LoopbackServer: Sendable {
    struct SocketFailure: Error {
        let step: String
    }

    /// The port the server listens on.
    let port: UInt16
    private let listener: Int32
    private let recorded = Mutex<[String]>([])
    private let heldOpen = Mutex<[Int32]>([])

    /// The base URL of the server: `http://127.0.0.1:<port>`.
    var baseURL: URL { exampleURL("http://127.0.0.1:\(port)") }

    /// The raw requests received so far (head and body as text).
    var requests: [String] { recorded.withLock { $0 } }

    init(respond: @escaping @Sendable (String) -> Data?) throws {
        (listener, port) = try Self.bindLoopback(listening: true)
        let listener = listener
        let thread = Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                let request = Self.readRequest(connection)
                recorded.withLock { $0.append(request) }
                if let answer = respond(request) {
                    answer.withUnsafeBytes { _ = write(connection, $0.baseAddress, $0.count) }
                    close(connection)
                } else {
                    heldOpen.withLock { $0.append(connection) }
                }
            }
        }
        thread.start()
    }

    /// Stops accepting and closes every connection still open.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in heldOpen.withLock({ $0 }) { close(connection) }
    }

    /// A socket bound to 127.0.0.1 on a system-chosen port, listening or not.
    static func bindLoopback(listening: Bool) throws -> (Int32, UInt16) {
        let socket = socket(AF_INET, streamSocketType, 0)
        guard socket >= 0 else { throw SocketFailure(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound, !listening || listen(socket, 16) == 0 else {
            close(socket)
            throw SocketFailure(step: "bind")
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    /// Reads one request: the head up to the blank line, then `Content-Length` body bytes.
    private static func readRequest(_ connection: Int32) -> String {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let blankLine = Array("\r\n\r\n".utf8)
        while true {
            if let end = bytes.firstRange(of: blankLine)?.upperBound {
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if bytes.count - end >= length { break }
            }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A complete HTTP/1.1 response with `status`, extra header lines and `body`.
    static func response(_ status: Int, headers: [String] = [], body: String = "") -> Data {
        var lines = ["HTTP/1.1 \(status) Status"] + headers
        lines.append("Content-Length: \(body.utf8.count)")
        lines.append("Connection: close")
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }
}
