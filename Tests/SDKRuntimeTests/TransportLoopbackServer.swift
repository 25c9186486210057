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
///
/// Only the accept thread closes the listening socket, after its last `accept`: were `stop()` to
/// close it while the thread is busy with a connection, the thread's next `accept` could take a
/// descriptor number the system has since given to another test's server, and answer that
/// test's requests with this server's `respond`.
final class LoopbackServer: Sendable {
    struct SocketFailure: Error {
        let step: String
    }

    private struct Connections {
        var stopped = false
        var heldOpen: [Int32] = []
    }

    /// The port the server listens on.
    let port: UInt16
    /// The write end of the pipe whose closing tells the accept thread to stop.
    private let stopSignal: Int32
    private let recorded = Mutex<[String]>([])
    private let connections = Mutex(Connections())

    /// The base URL of the server: `http://127.0.0.1:<port>`.
    var baseURL: URL { exampleURL("http://127.0.0.1:\(port)") }

    /// The raw requests received so far (head and body as text).
    var requests: [String] { recorded.withLock { $0 } }

    init(respond: @escaping @Sendable (String) -> Data?) throws {
        let listener: Int32
        (listener, port) = try Self.bindLoopback(listening: true)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(listener)
            throw SocketFailure(step: "pipe")
        }
        stopSignal = pipeEnds[1]
        let stopped = pipeEnds[0]
        let thread = Thread { [self] in
            while let connection = Self.nextConnection(listener, stopped: stopped) {
                let request = Self.readRequest(connection)
                recorded.withLock { $0.append(request) }
                if let answer = respond(request) {
                    answer.withUnsafeBytes { _ = write(connection, $0.baseAddress, $0.count) }
                    close(connection)
                } else {
                    hold(connection)
                }
            }
            close(listener)
            close(stopped)
        }
        thread.start()
    }

    /// Stops accepting and closes every connection still open; a second call does nothing.
    func stop() {
        let held: [Int32]? = connections.withLock { connections in
            guard !connections.stopped else { return nil }
            connections.stopped = true
            return connections.heldOpen
        }
        guard let held else { return }
        close(stopSignal)
        for connection in held { close(connection) }
    }

    /// Keeps `connection` open until `stop()`, or closes it now if `stop()` has been called.
    private func hold(_ connection: Int32) {
        let kept = connections.withLock { connections in
            if !connections.stopped { connections.heldOpen.append(connection) }
            return !connections.stopped
        }
        if !kept { close(connection) }
    }

    /// Waits for a connection on `listener`; `nil` once the stop pipe's write end is closed.
    private static func nextConnection(_ listener: Int32, stopped: Int32) -> Int32? {
        while true {
            var entries = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopped, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, nfds_t(entries.count), -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || entries[1].revents != 0 { return nil }
            let connection = accept(listener, nil, nil)
            if connection >= 0 { return connection }
        }
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
