import Foundation
import SDKEmulator
import Testing

@testable import SDKRuntime

@Suite("UUIDv7", .timeLimit(.minutes(3)))
struct IdentifierUUIDv7Tests {
    static let instant = Date(timeIntervalSince1970: 1_700_000_000.123)

    /// Whether `uuid` has version 7 and the RFC 9562 variant, read from its text.
    static func hasVersion7Layout(_ uuid: UUID) -> Bool {
        let text = Array(uuid.uuidString)
        return text[14] == "7" && "89AB".contains(text[19])
    }

    @Test("the first 48 bits are the Unix time in milliseconds")
    func timestampLayout() {
        var random = SeededRandomNumberGenerator(seed: 1)
        let uuid = UUIDv7.make(now: Self.instant, random: &random)
        #expect(uuid.uuidString.hasPrefix("018BCFE5-687B-7"))
    }

    @Test("every random bit lands in the UUID, in order: 12 after the version, 62 after the variant")
    func randomBitsLayout() {
        var random = SeededRandomNumberGenerator(seed: 3)
        var expected = SeededRandomNumberGenerator(seed: 3)
        let randomA = expected.next() & 0xfff
        let randomB = expected.next() & ((1 << 62) - 1)
        let text = UUIDv7.make(now: Self.instant, random: &random).uuidString.replacingOccurrences(of: "-", with: "")
        let hex = { (value: UInt64) in
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        #expect(text.dropFirst(13).prefix(3) == hex(randomA).suffix(3))
        #expect(text.suffix(16) == hex(randomB | 0b10 << 62))
    }

    @Test("an ID's text is uuidString in lower case, for random IDs and every digit in every place")
    func lowercasedTextIsTheLowerCaseUUIDString() {
        var random = SeededRandomNumberGenerator(seed: 0x7E47)
        var uuids = (0..<1_000).map { _ in UUIDv7.make(now: Self.instant, random: &random) } + [UUID()]
        for digit: UInt8 in 0...15 {
            let byte = digit << 4 | (15 - digit)
            uuids.append(
                UUID(
                    uuid: (
                        byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte
                    )))
        }
        for uuid in uuids {
            #expect(uuid.lowercasedText == uuid.uuidString.lowercased())
        }
    }

    @Test("version and variant bits are set, whatever the random bits")
    func versionAndVariant() {
        var random = SeededRandomNumberGenerator(seed: 7)
        for _ in 0..<1_000 {
            #expect(Self.hasVersion7Layout(UUIDv7.make(now: Self.instant, random: &random)))
        }
        #expect(Self.hasVersion7Layout(UUIDv7.make()))
    }

    @Test("the embedded timestamp round-trips at millisecond precision")
    func timestampRoundTrip() throws {
        let uuid = UUIDv7.make(now: Self.instant)
        let stamp = try #require(UUIDv7.timestamp(of: uuid))
        #expect(abs(stamp.timeIntervalSince(Self.instant)) < 0.001)
        #expect(stamp <= Self.instant)
    }

    @Test("a UUID of another version has no timestamp")
    func otherVersion() throws {
        let v4 = try #require(UUID(uuidString: "9F1B2C3D-4E5F-4A6B-8C7D-0E1F2A3B4C5D"))
        #expect(UUIDv7.timestamp(of: v4) == nil)
    }

    @Test("dates before 1970 use timestamp zero")
    func beforeEpoch() throws {
        let uuid = UUIDv7.make(now: Date(timeIntervalSince1970: -5))
        #expect(uuid.uuidString.hasPrefix("00000000-0000-7"))
        #expect(try #require(UUIDv7.timestamp(of: uuid)) == Date(timeIntervalSince1970: 0))
    }

    @Test("dates past the 48-bit timestamp use the largest one, 2^48 - 1 milliseconds")
    func pastTheLastTimestamp() throws {
        let largest = Date(timeIntervalSince1970: Double((1 << 48) - 1) / 1_000)
        // Just past it (2^48 ms and a second), far past it, and past any date.
        for seconds in [Double((1 << 48) + 1_000) / 1_000, 1e15, Double.greatestFiniteMagnitude] {
            let uuid = UUIDv7.make(now: Date(timeIntervalSince1970: seconds))
            #expect(uuid.uuidString.hasPrefix("FFFFFFFF-FFFF-7"), "\(seconds) s")
            #expect(try #require(UUIDv7.timestamp(of: uuid)) == largest)
        }
    }

    @Test("IDs of a later millisecond sort after IDs of an earlier one")
    func orderedAcrossMilliseconds() {
        var random = SeededRandomNumberGenerator(seed: 3)
        for millisecond in 1_700_000_000_000..<1_700_000_000_500 {
            let earlier = Date(timeIntervalSince1970: Double(millisecond) / 1_000)
            let later = Date(timeIntervalSince1970: Double(millisecond + 1) / 1_000)
            let first = UUIDv7.make(now: earlier, random: &random)
            let second = UUIDv7.make(now: later, random: &random)
            #expect(first.uuidString < second.uuidString)
            #expect(UUIDv7.timestamp(of: first) == earlier)
        }
    }

    @Test("10,000 IDs from a generator in a tight loop strictly increase")
    func generatorTightLoop() {
        let generator = UUIDv7Generator()
        let ids = (0..<10_000).map { _ in generator.next() }
        let texts = ids.map(\.uuidString)
        #expect(zip(texts, texts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(ids.allSatisfy(Self.hasVersion7Layout))
    }

    @Test("within one frozen millisecond IDs increase and keep its timestamp")
    func generatorFrozenClock() throws {
        let clock = ManualClock(now: Self.instant)
        let generator = UUIDv7Generator(clock: clock)
        let ids = (0..<10_000).map { _ in generator.next() }
        let texts = ids.map(\.uuidString)
        #expect(zip(texts, texts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(ids.compactMap(UUIDv7.timestamp(of:))).count == 1)
        #expect(ids.allSatisfy(Self.hasVersion7Layout))
    }

    @Test("an ID that a fresh one would not sort after is followed by itself plus a random step of 1 to 2^32")
    func stepsWithinAMillisecondAreAtMostTwoToThe32() {
        let generator = UUIDv7Generator(clock: ManualClock(now: Self.instant))
        // The 74 random bits: 12 after the version, 62 after the variant.
        func randomBits(_ id: UUID) -> UInt128 {
            let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
            let randomA = UInt128(bytes[6] & 0x0F) << 8 | UInt128(bytes[7])
            let randomB = bytes[8...].reduce(UInt128(0)) { $0 << 8 | UInt128($1) } & ((1 << 62) - 1)
            return randomA << 62 | randomB
        }
        var previous = randomBits(generator.next())
        var steps: [UInt128] = []
        for _ in 0..<200 {
            let next = randomBits(generator.next())
            steps.append(next &- previous)
            previous = next
        }
        // A fresh ID of the same millisecond that happens to sort after the last one is used as
        // it is (a jump of about 2^73); every other ID is the last one plus its step.
        let increments = steps.filter { $0 <= 1 << 34 }
        #expect(increments.count > 100)
        #expect(increments.allSatisfy { (1...(1 << 32)).contains($0) })
    }

    @Test("a generator made after an ID from a later time sorts after it; a UUID of another version is ignored")
    func generatorAfterAPreviousID() {
        let later = UUIDv7Generator(clock: ManualClock(now: Self.instant.addingTimeInterval(3_600))).next()
        let generator = UUIDv7Generator(clock: ManualClock(now: Self.instant), after: later)
        let next = generator.next(at: Self.instant)
        #expect(later.uuidString < next.uuidString)
        #expect(Self.hasVersion7Layout(next))

        let version4 = UUID(uuidString: "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")
        let fresh = UUIDv7Generator(clock: ManualClock(now: Self.instant), after: version4).next()
        #expect(UUIDv7.timestamp(of: fresh) == Self.instant)
    }

    @Test("IDs keep increasing when the clock steps back")
    func generatorClockStepsBack() {
        let clock = ManualClock(now: Self.instant)
        let generator = UUIDv7Generator(clock: clock)
        let before = generator.next()
        clock.setNow(Self.instant.addingTimeInterval(-3_600))
        let after = generator.next()
        #expect(before.uuidString < after.uuidString)
        #expect(Self.hasVersion7Layout(after))
    }

    @Test("a counter that overflows its 74 random bits carries exactly one millisecond into the timestamp")
    func anOverflowCarriesOneMillisecond() {
        let last = UUIDv7Bits(milliseconds: 1_000, randomBits: (high: 0xfff, low: (1 << 62) - 1))
        let next = last.incremented(by: 1)
        #expect(next.milliseconds == 1_001)
        #expect(next.isVersion7)
        #expect(next == UUIDv7Bits(milliseconds: 1_001, randomBits: (high: 0, low: 0)))
        let within = UUIDv7Bits(milliseconds: 1_000, randomBits: (high: 0xffe, low: (1 << 62) - 1))
        #expect(within.incremented(by: 1) == UUIDv7Bits(milliseconds: 1_000, randomBits: (high: 0xfff, low: 0)))
    }
}
