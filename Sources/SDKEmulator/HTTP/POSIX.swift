#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The small differences between the C libraries of Linux and Apple platforms, in one place.
enum POSIX {
    /// Flags for `send()`: no `SIGPIPE` when the peer has gone (Apple uses `SO_NOSIGPIPE` instead).
    #if canImport(Darwin)
        static let sendFlags: Int32 = 0
    #else
        static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// `SHUT_WR` and `SHUT_RDWR` as `shutdown()` wants them.
    #if canImport(Darwin)
        static let shutdownWrite = SHUT_WR
        static let shutdownBoth = SHUT_RDWR
    #else
        static let shutdownWrite = Int32(SHUT_WR)
        static let shutdownBoth = Int32(SHUT_RDWR)
    #endif

    /// The current `errno`.
    static var errorNumber: Int32 { errno }

    /// `bind()`, callable from types that have a `bind` of their own.
    static func bindSocket(
        _ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
    ) -> Int32 {
        bind(descriptor, address, length)
    }

    /// A new IPv4 TCP socket, close-on-exec from the start (so a child process started at the
    /// same moment never inherits it and keeps the port open), or -1.
    static func makeStreamSocket() -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            return descriptor
        #else
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    /// `accept()` of a connection (without its address), or -1; marked close-on-exec right
    /// away (`accept4` would be atomic but is not exported by the Glibc module).
    static func acceptConnection(_ descriptor: Int32) -> Int32 {
        let connection = accept(descriptor, nil, nil)
        if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
        return connection
    }

    /// A pipe, both ends marked close-on-exec; `nil` when it could not be made.
    static func makePipe() -> (readEnd: Int32, writeEnd: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// `close()`, callable from types that have a `close` of their own.
    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Switches `descriptor` between blocking and non-blocking mode.
    static func setNonBlocking(_ descriptor: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0 else { return }
        _ = fcntl(descriptor, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Sets an integer socket option, ignoring failure (every caller treats it as best effort).
    static func setOption(_ descriptor: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Waits until `descriptor` is readable (or hung up) for at most `milliseconds`.
    ///
    /// Returns `true` when readable, `false` on timeout; `EINTR` restarts the wait.
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, milliseconds)
            if result > 0 { return true }
            if result == 0 { return false }
            if errno != EINTR { return true }  // let the following read report the error
        }
    }
}

extension Duration {
    /// Whole milliseconds, clamped to what `poll()` accepts (at least 0).
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return seconds > 0 ? Int32.max : 0 }
        let total = milliseconds.partialValue.addingReportingOverflow(
            attoseconds / 1_000_000_000_000_000)
        guard !total.overflow else { return Int32.max }
        return Int32(clamping: max(0, total.partialValue))
    }
}
