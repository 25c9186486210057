import Foundation
import Testing

@testable import SDKEmulator

/// The listening socket's failures give back what they took.
@Suite("Listening socket", .timeLimit(.minutes(1)))
struct ListeningSocketTests {
    #if os(Linux)
        /// How many descriptors this process has open.
        static func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }

        @Test("binding a port in use fails, 300 times, without keeping a descriptor each time")
        func aFailedBindKeepsNoDescriptor() throws {
            let taken = try ListeningSocket.bind(host: "127.0.0.1", port: 0)
            defer { POSIX.closeDescriptor(taken.descriptor) }
            let before = try Self.openDescriptors()
            for _ in 0..<300 {
                #expect(throws: EmulatorServerError.self) {
                    try ListeningSocket.bind(host: "127.0.0.1", port: taken.port)
                }
            }
            // Other suites open and close descriptors meanwhile; a leak would add 300.
            #expect(try Self.openDescriptors() - before < 150)
        }
    #endif
}
