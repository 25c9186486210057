#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted TCP connection, read with deadlines and written without `SIGPIPE`.
struct ConnectionSocket: Sendable {
    /// The file descriptor; the connection thread that owns this value closes it.
    let descriptor: Int32

    /// What one read produced.
    enum ReadResult: Equatable {
        /// This many bytes were appended to the buffer.
        case data(Int)
        /// The peer closed its side (or the server shut the socket down).
        case endOfStream
        /// Nothing arrived before the deadline.
        case timedOut
        /// The connection failed (reset, or any other error).
        case failed
    }

    /// Prepares a freshly accepted socket: no `SIGPIPE`, writes time out after `writeTimeout`.
    init(descriptor: Int32, writeTimeout: Duration) {
        self.descriptor = descriptor
        #if canImport(Darwin)
            POSIX.setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        POSIX.setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        let (seconds, attoseconds) = writeTimeout.components
        var timeout = timeval()
        timeout.tv_sec = .init(clamping: max(0, seconds))
        timeout.tv_usec = .init(clamping: max(0, attoseconds / 1_000_000_000_000))
        _ = setsockopt(
            descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads what is available (at most `limit` bytes, 64 KiB per call) into `buffer`, waiting until `deadline`.
    func read(into buffer: inout [UInt8], limit: Int = 16 * 1024, deadline: ContinuousClock.Instant)
        -> ReadResult
    {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return .timedOut }
            guard POSIX.waitReadable(descriptor, milliseconds: max(1, remaining.pollMilliseconds)) else {
                continue  // re-check the deadline: poll rounds down
            }
            var chunk = [UInt8](repeating: 0, count: min(max(1, limit), 64 * 1024))
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return .data(count)
            }
            if count == 0 { return .endOfStream }
            switch POSIX.errorNumber {
            case EINTR, EAGAIN, EWOULDBLOCK: continue
            default: return .failed
            }
        }
    }

    /// Writes every byte; `false` when the peer is gone or the write timed out.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, POSIX.sendFlags)
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && POSIX.errorNumber == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Closes gracefully after an error response: stops writing, then reads and discards what
    /// the client is still sending (so it sees our response instead of a reset) until it closes,
    /// `byteLimit` bytes were discarded, or `deadline` passes.
    func lingeringClose(byteLimit: Int, deadline: ContinuousClock.Instant) {
        _ = shutdown(descriptor, POSIX.shutdownWrite)
        var discarded = 0
        var scratch: [UInt8] = []
        while discarded < byteLimit {
            scratch.removeAll(keepingCapacity: true)
            guard case .data(let count) = read(into: &scratch, deadline: deadline) else { break }
            discarded += count
        }
    }

    /// Shuts both directions down, waking a thread blocked reading this socket.
    func shutdownBoth() {
        _ = shutdown(descriptor, POSIX.shutdownBoth)
    }

    /// Closes the descriptor.
    func close() {
        POSIX.closeDescriptor(descriptor)
    }
}
