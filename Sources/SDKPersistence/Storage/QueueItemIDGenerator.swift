import Foundation
import SDKRuntime

/// Makes UUIDv7 IDs (RFC 9562) that increase strictly, even within one millisecond and even when
/// the clock goes backwards.
///
/// Layout: 48-bit Unix time in milliseconds, version `7`, 12 random bits, variant `10`, 62
/// random bits. When a fresh ID would not be greater than the last one, the last one plus one is
/// used instead (the random bits act as a counter, carrying into the timestamp).
struct QueueItemIDGenerator: Sendable {
    /// A UUIDv7 as its three variable fields.
    private struct Parts: Sendable, Comparable {
        var milliseconds: UInt64
        var randomA: UInt64
        var randomB: UInt64

        static let randomAMask: UInt64 = 0xFFF
        static let randomBMask: UInt64 = (1 << 62) - 1
        static let millisecondsMask: UInt64 = (1 << 48) - 1

        static func < (lhs: Parts, rhs: Parts) -> Bool {
            (lhs.milliseconds, lhs.randomA, lhs.randomB) < (rhs.milliseconds, rhs.randomA, rhs.randomB)
        }

        /// The next value in ID order.
        var successor: Parts {
            var next = self
            next.randomB = (randomB + 1) & Self.randomBMask
            guard next.randomB == 0 else { return next }
            next.randomA = (randomA + 1) & Self.randomAMask
            guard next.randomA == 0 else { return next }
            next.milliseconds = (milliseconds + 1) & Self.millisecondsMask
            return next
        }

        /// The two 64-bit halves, version and variant included.
        var words: (UInt64, UInt64) {
            (milliseconds << 16 | 0x7000 | randomA, 0x8000_0000_0000_0000 | randomB)
        }
    }

    private var last: Parts?

    /// A generator whose IDs all sort after `previous` (when it is a UUIDv7, for example the
    /// greatest ID already stored).
    init(after previous: QueueItemID? = nil) {
        last = previous.flatMap(Self.parse)
    }

    /// The next ID, stamped with `now` unless that would not sort after the previous ID.
    mutating func next(now: Date) -> QueueItemID {
        let milliseconds = now.timeIntervalSince1970 * 1000
        let fresh = Parts(
            milliseconds: milliseconds > 0
                ? UInt64(min(milliseconds, Double(Parts.millisecondsMask))) : 0,
            randomA: UInt64.random(in: 0...Parts.randomAMask),
            randomB: UInt64.random(in: 0...Parts.randomBMask))
        let parts = last.map { fresh > $0 ? fresh : $0.successor } ?? fresh
        last = parts
        return Self.format(parts)
    }

    private static func format(_ parts: Parts) -> QueueItemID {
        let (high, low) = parts.words
        let hex = hex16(high) + hex16(low)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            let start = hex.index(hex.startIndex, offsetBy: range.lowerBound)
            let end = hex.index(hex.startIndex, offsetBy: range.upperBound)
            return String(hex[start..<end])
        }
        return QueueItemID(rawValue: groups.joined(separator: "-"))
    }

    private static func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func parse(_ id: QueueItemID) -> Parts? {
        let hex = id.rawValue.filter { $0 != "-" }
        guard hex.count == 32, id.rawValue.count == 36,
            let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16),
            high & 0xF000 == 0x7000, low >> 62 == 0b10
        else { return nil }
        return Parts(
            milliseconds: high >> 16, randomA: high & Parts.randomAMask, randomB: low & Parts.randomBMask)
    }
}
