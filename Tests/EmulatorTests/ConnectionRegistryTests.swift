import Foundation
import TestSupport
import Testing

@testable import SDKEmulator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which connection gives up its slot when the server is full.
@Suite("Connection registry", .timeLimit(.minutes(3)))
struct ConnectionRegistryTests {
    /// A connected pair of sockets: the server's end and the client's.
    struct Pair {
        let server: ConnectionSocket
        let client: Int32

        init() throws {
            var descriptors: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, streamSocketType, 0, &descriptors) == 0 else {
                throw POSIXError(.EMFILE)
            }
            server = ConnectionSocket(descriptor: descriptors[0], writeTimeout: .seconds(1))
            client = descriptors[1]
        }

        /// Whether the server shut its end (the client reads the end of the stream).
        var wasShutDown: Bool {
            var byte: UInt8 = 0
            return recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }

        func close() {
            server.close()
            POSIX.closeDescriptor(client)
        }
    }

    /// A full registry of two connections, `first` admitted before `second`, after `between`
    /// ran; then a third connection arrives. Returns which of the two gave up its slot.
    static func evicted(
        after between: (ConnectionRegistry, ConnectionSocket, ConnectionSocket) -> Void
    ) throws -> (first: Bool, second: Bool) {
        let registry = ConnectionRegistry(capacity: 2)
        let first = try Pair()
        let second = try Pair()
        let third = try Pair()
        defer { [first, second, third].forEach { $0.close() } }
        #expect(registry.admit(first.server) == .admitted)
        #expect(registry.admit(second.server) == .admitted)
        between(registry, first.server, second.server)
        #expect(registry.admit(third.server) == .admitted)
        return (first.wasShutDown, second.wasShutDown)
    }

    @Test("a connection whose thread marks it idle after it was admitted keeps its place in the idle order")
    func theConnectionIdleLongestIsEvictedEvenIfItsThreadStartedLate() throws {
        let evicted = try Self.evicted { registry, first, second in
            // Each connection's thread marks it idle when it starts; the first one's starts last.
            registry.markIdle(second)
            registry.markIdle(first)
        }
        #expect(evicted.first, "the connection idle longest gives up its slot")
        #expect(!evicted.second)
    }

    @Test func aConnectionIdleAgainAfterARequestCountsFromThen() throws {
        let evicted = try Self.evicted { registry, first, _ in
            #expect(registry.markBusy(first))
            registry.markIdle(first)
        }
        #expect(evicted.second)
        #expect(!evicted.first)
    }
}
