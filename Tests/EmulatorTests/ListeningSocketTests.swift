import Foundation
import Testing

@testable import SDKEmulator

/// The listening socket's failures give back what they took.
@Suite("Listening socket", .timeLimit(.minutes(3)))
struct ListeningSocketTests {
    @Test("binding a port in use fails, 300 times, without keeping a descriptor each time")
    func aFailedBindKeepsNoDescriptor() throws {
        let taken = try ListeningSocket.bind(host: "127.0.0.1", port: 0)
        defer { POSIX.closeDescriptor(taken.descriptor) }
        // A new descriptor is always the lowest free number, so the socket of a failed bind takes
        // the number a `dup` just before it got; if it stayed open, a `dup` just after gets a
        // higher one. Other suites open and close descriptors meanwhile, between the two `dup`s
        // of up to 165 of the 300 binds in one full run; a leak moves the number every time.
        var moved = 0
        for _ in 0..<300 {
            let before = dup(taken.descriptor)
            POSIX.closeDescriptor(before)
            #expect(throws: EmulatorServerError.self) {
                try ListeningSocket.bind(host: "127.0.0.1", port: taken.port)
            }
            let after = dup(taken.descriptor)
            POSIX.closeDescriptor(after)
            if after != before { moved += 1 }
        }
        #expect(moved < 280, "the lowest free descriptor moved after \(moved) of 300 failed binds")
    }
}
