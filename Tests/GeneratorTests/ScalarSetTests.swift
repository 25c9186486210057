import Testing

@testable import SDKGenCore

/// Membership in a set of scalar ranges, at and beyond its edges.
@Suite("ScalarSet", .timeLimit(.minutes(3)))
struct ScalarSetTests {
    @Test("membership at, between and beyond the ranges, and in an empty set")
    func membershipAtTheEdges() {
        let letters = ScalarSet([0x41...0x5A, 0x61...0x7A])
        for inside: UInt32 in [0x41, 0x5A, 0x61, 0x6D, 0x7A] {
            #expect(letters.contains(inside), "\(inside)")
        }
        for outside: UInt32 in [0, 0x40, 0x5B, 0x60, 0x7B, 0x10FFFF] {
            #expect(!letters.contains(outside), "\(outside)")
        }
        #expect(!ScalarSet([]).contains(0x41))
    }
}
