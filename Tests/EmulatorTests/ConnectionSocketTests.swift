import Foundation
import TestSupport
import Testing

@testable import SDKEmulator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How an accepted connection's socket is prepared.
@Suite("Connection socket", .timeLimit(.minutes(1)))
struct ConnectionSocketTests {
    /// The send timeout the kernel holds for a socket prepared with `writeTimeout`.
    static func sendTimeout(for writeTimeout: Duration) throws -> timeval {
        var descriptors: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, streamSocketType, 0, &descriptors) == 0 else {
            throw POSIXError(.EMFILE)
        }
        let server = ConnectionSocket(descriptor: descriptors[0], writeTimeout: writeTimeout)
        defer {
            server.close()
            POSIX.closeDescriptor(descriptors[1])
        }
        var timeout = timeval()
        var length = socklen_t(MemoryLayout<timeval>.size)
        guard getsockopt(descriptors[0], SOL_SOCKET, SO_SNDTIMEO, &timeout, &length) == 0 else {
            throw POSIXError(.EINVAL)
        }
        return timeout
    }

    @Test("a write gives up after the limit's whole seconds and its microseconds")
    func writesTimeOutAfterTheWholeLimit() throws {
        let timeout = try Self.sendTimeout(for: .milliseconds(2_500))
        #expect(timeout.tv_sec == 2)
        // The kernel keeps the timeout in its own ticks, so the microseconds may be rounded up.
        #expect((500_000..<520_000).contains(Int(timeout.tv_usec)))
        let whole = try Self.sendTimeout(for: .seconds(10))
        #expect(whole.tv_sec == 10 && whole.tv_usec == 0)
    }
}
