#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A non-blocking TCP socket listening on an IPv4 loopback address.
struct ListeningSocket: Sendable {
    /// The file descriptor.
    let descriptor: Int32
    /// The port actually bound (the kernel's choice when 0 was asked for).
    let port: UInt16

    /// What one `accept()` produced.
    enum Accepted {
        /// A new connection, already switched to blocking mode.
        case connection(Int32)
        /// Nothing to accept right now (or the peer went away before we took it).
        case nothing
        /// A resource error such as `EMFILE`; the caller should back off briefly.
        case failed
    }

    /// Binds `host:port` (port 0: an ephemeral port) and starts listening.
    static func bind(host: String, port: UInt16, backlog: Int32 = 128) throws(EmulatorServerError)
        -> ListeningSocket
    {
        var address = sockaddr_in()
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .notLoopback(host) }
        guard UInt32(bigEndian: address.sin_addr.s_addr) >> 24 == 127 else { throw .notLoopback(host) }
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif

        let descriptor = POSIX.makeStreamSocket()
        guard descriptor >= 0 else {
            throw .socket(operation: "socket", errorNumber: POSIX.errorNumber)
        }
        // One place closes the socket on every way out but success, so a failure of any step
        // gives back what the steps before it took.
        var listening = false
        defer { if !listening { POSIX.closeDescriptor(descriptor) } }
        POSIX.setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1)

        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                POSIX.bindSocket(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw .socket(operation: "bind", errorNumber: POSIX.errorNumber) }
        guard listen(descriptor, backlog) == 0 else {
            throw .socket(operation: "listen", errorNumber: POSIX.errorNumber)
        }
        POSIX.setNonBlocking(descriptor, true)

        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw .socket(operation: "getsockname", errorNumber: POSIX.errorNumber) }
        listening = true
        return ListeningSocket(descriptor: descriptor, port: UInt16(bigEndian: actual.sin_port))
    }

    /// Takes one pending connection, if there is one.
    func accept() -> Accepted {
        let connection = POSIX.acceptConnection(descriptor)
        if connection >= 0 {
            POSIX.setNonBlocking(connection, false)  // Apple platforms inherit O_NONBLOCK
            return .connection(connection)
        }
        switch POSIX.errorNumber {
        case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return .nothing
        default: return .failed
        }
    }

    /// Closes the socket, releasing the port.
    func close() {
        POSIX.closeDescriptor(descriptor)
    }
}
