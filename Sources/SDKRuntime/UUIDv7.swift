import Foundation

/// Time-ordered UUIDs, version 7 of RFC 9562.
///
/// The first 48 bits are the Unix time in milliseconds (big-endian), then the version `7`,
/// 12 random bits, the variant `10` and 62 random bits. IDs made in later milliseconds sort
/// after earlier ones, as bytes and as `uuidString`s. Use `UUIDv7Generator` when IDs made within
/// the same millisecond must also increase.
public enum UUIDv7 {
    /// A version 7 UUID for the instant `now`, its 74 random bits drawn from `random`.
    ///
    /// Dates before 1970 use timestamp 0; dates after the year 10889 use the largest timestamp.
    public static func make(now: Date, random: inout some RandomNumberGenerator) -> UUID {
        UUIDv7Bits(milliseconds: milliseconds(of: now), random: &random).uuid
    }

    /// A version 7 UUID for the instant `now`, with random bits from the system generator.
    public static func make(now: Date = Date()) -> UUID {
        UUIDv7Bits(milliseconds: milliseconds(of: now), randomBits: UUIDv7Bits.systemRandomBits()).uuid
    }

    /// The instant embedded in a version 7 UUID (millisecond precision), or `nil` when `uuid`
    /// is not a version 7 UUID of the RFC 9562 variant.
    public static func timestamp(of uuid: UUID) -> Date? {
        let bits = UUIDv7Bits(uuid)
        guard bits.isVersion7 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(bits.milliseconds) / 1_000)
    }

    /// Whole milliseconds since 1970 for `date`, clamped to the 48 bits the layout holds.
    ///
    /// The time is first rounded to the microsecond, so a date made from a whole number of
    /// milliseconds (`Date(timeIntervalSince1970: 1_700_000_000.124)`, which a `Double` holds as
    /// `...123.99...`) maps back to that millisecond.
    static func milliseconds(of date: Date) -> UInt64 {
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Not a number, or before 1970: zero. Past the last timestamp, infinity included: the last.
        guard !microseconds.isNaN, microseconds > 0 else { return 0 }
        guard microseconds < Double(UUIDv7Bits.maxMilliseconds) * 1_000 else {
            return UUIDv7Bits.maxMilliseconds
        }
        return UInt64(microseconds) / 1_000
    }
}

/// A UUID as two big-endian 64-bit halves, with the version 7 fields named.
struct UUIDv7Bits: Comparable {
    /// The largest 48-bit timestamp.
    static let maxMilliseconds: UInt64 = (1 << 48) - 1
    private static let lowRandomMask: UInt64 = (1 << 62) - 1
    private static let variantBits: UInt64 = 0b10 << 62
    private static let versionBits: UInt64 = 0x7 << 12

    /// Timestamp (48 bits), version (4 bits), random A (12 bits).
    var high: UInt64
    /// Variant (2 bits), random B (62 bits).
    var low: UInt64

    /// The bits of `uuid`.
    init(_ uuid: UUID) {
        (high, low) = withUnsafeBytes(of: uuid.uuid) { raw in
            (
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }

    /// A version 7 layout for `milliseconds`, with 74 bits from `random`.
    init(milliseconds: UInt64, random: inout some RandomNumberGenerator) {
        self.init(milliseconds: milliseconds, randomBits: (random.next(), random.next()))
    }

    /// A version 7 layout for `milliseconds`, with 12 bits of `randomBits.high` and 62 of
    /// `randomBits.low`.
    init(milliseconds: UInt64, randomBits: (high: UInt64, low: UInt64)) {
        high = (milliseconds & Self.maxMilliseconds) << 16 | Self.versionBits | (randomBits.high & 0xfff)
        low = Self.variantBits | (randomBits.low & Self.lowRandomMask)
    }

    /// Two words from the system generator.
    ///
    /// Drawn with `UInt64.random(in:)` rather than through an `inout SystemRandomNumberGenerator`:
    /// the thread sanitizer instruments `inout` accesses, and for that zero-sized generator the
    /// compiler passes an arbitrary address (seen: a type's metadata), which the sanitizer
    /// reported as a race between unrelated threads, or crashed on.
    static func systemRandomBits() -> (high: UInt64, low: UInt64) {
        (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))
    }

    /// The 48-bit timestamp.
    var milliseconds: UInt64 { high >> 16 }

    /// Whether the version is 7 and the variant is RFC 9562's `10`.
    var isVersion7: Bool {
        high & 0xf000 == Self.versionBits && low >> 62 == 0b10
    }

    /// These bits with the 74 random bits, read as one counter, increased by `step`; an
    /// overflow carries into the timestamp. Version and variant bits are kept.
    func incremented(by step: UInt64) -> UUIDv7Bits {
        var next = self
        let sum = (low & Self.lowRandomMask) + (step & Self.lowRandomMask)
        next.low = Self.variantBits | (sum & Self.lowRandomMask)
        let randomA = (high & 0xfff) + (sum >> 62)
        var timestamp = milliseconds
        if randomA > 0xfff { timestamp = min(timestamp + 1, Self.maxMilliseconds) }
        next.high = timestamp << 16 | Self.versionBits | (randomA & 0xfff)
        return next
    }

    /// The UUID these bits spell.
    var uuid: UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }

    /// Byte order, which is also the order of the `uuidString`s.
    static func < (lhs: UUIDv7Bits, rhs: UUIDv7Bits) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}
