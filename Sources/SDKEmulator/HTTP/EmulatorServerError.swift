#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an `EmulatorServer` could not start.
public enum EmulatorServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host is not an IPv4 loopback address (`127.x.x.x`); the emulator never listens elsewhere.
    case notLoopback(String)
    /// `start` was called on a server that is already running.
    case alreadyRunning
    /// A socket call failed; `operation` names it and `errorNumber` is its `errno`.
    case socket(operation: String, errorNumber: Int32)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .notLoopback(let host): "refusing to listen on \(host): only 127.0.0.0/8 is allowed"
        case .alreadyRunning: "the emulator is already running"
        case .socket(let operation, let errorNumber):
            "\(operation) failed: \(String(cString: strerror(errorNumber)))"
        }
    }
}
