import Foundation
import SDKEmulator
import SDKRuntime
import Testing

@Suite("JSONCoding", .timeLimit(.minutes(3)))
struct TransportJSONCodingTests {
    struct Stamped: Codable, Equatable {
        var zeta: String
        var alpha: Date
    }

    @Test("keys are sorted and dates carry milliseconds in UTC")
    func encodesDeterministically() throws {
        let value = Stamped(zeta: "a/b", alpha: Date(timeIntervalSince1970: 1_700_000_000.123))
        let json = String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
        #expect(json == #"{"alpha":"2023-11-14T22:13:20.123Z","zeta":"a/b"}"#)
    }

    @Test(
        "dates are written with exactly three fraction digits, rounded to the millisecond",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000Z"),
            (0.0004, "1970-01-01T00:00:00.000Z"),
            (0.9996, "1970-01-01T00:00:01.000Z"),
            (1_700_000_000.007, "2023-11-14T22:13:20.007Z"),
            (-0.25, "1969-12-31T23:59:59.750Z"),
            // Days of the proleptic Gregorian calendar, also before 1582, and the ends of RFC 3339.
            (-62_135_596_800.0, "0001-01-01T00:00:00.000Z"), (-12_219_292_800.0, "1582-10-15T00:00:00.000Z"),
            (-12_219_292_800.001, "1582-10-14T23:59:59.999Z"), (-62_167_219_200.0, "0000-01-01T00:00:00.000Z"),
            (253_402_300_799.999, "9999-12-31T23:59:59.999Z"), (951_782_400.0, "2000-02-29T00:00:00.000Z"),
        ])
    func writesMilliseconds(seconds: Double, text: String) throws {
        #expect(JSONCoding.string(from: Date(timeIntervalSince1970: seconds)) == text)
        let back = try #require(JSONCoding.date(from: text))
        #expect(abs(back.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    /// After October 1582 both calendars count the same days, so Foundation's formatter is an
    /// outside reference for every date written there. The dates fall on quarter seconds, which
    /// a `Double` holds exactly: Foundation cuts a fraction to milliseconds where this package
    /// rounds it.
    @Test("dates from 1583 to 9999 are written as Foundation's ISO 8601 formatter writes them")
    func writesAsFoundationDoes() {
        let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var generator = SeededRandomNumberGenerator(seed: 20_261_204)
        let first: Int64 = -12_212_553_600_000  // 1583-01-01
        let last: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999
        for _ in 0..<20_000 {
            let milliseconds = first + Int64(generator.next() % UInt64(last - first)) / 250 * 250
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
            #expect(JSONCoding.string(from: date) == foundation.format(date), "\(milliseconds) ms")
        }
    }

    /// RFC 3339 writes the years 0000 to 9999 only; Foundation's formatter wrote the hour
    /// before 0000-01-01Z as `0000-01-02T23:00:00.000Z` (its Julian calendar), a real date two
    /// days later.
    @Test(
        "a date outside the years 0000 to 9999 gets an expanded year, which fails to decode rather than change",
        arguments: [
            (-62_167_219_200.001, "-000001-12-31T23:59:59.999Z"), (-62_167_222_800.0, "-000001-12-31T23:00:00.000Z"),
            (253_402_300_800.0, "+010000-01-01T00:00:00.000Z"),
            (-9_223_372_036_854_776.0, "-292275055-05-16T16:47:04.192Z"),
        ])
    func writesExpandedYears(seconds: Double, text: String) {
        #expect(JSONCoding.string(from: Date(timeIntervalSince1970: seconds)) == text)
        #expect(JSONCoding.date(from: text) == nil)
    }

    @Test("a date too far out for milliseconds is still written, not a crash")
    func extremeDate() {
        #expect(!JSONCoding.string(from: Date(timeIntervalSince1970: .infinity)).isEmpty)
        #expect(JSONCoding.string(from: .distantFuture).hasPrefix("4001-01-01T00:00:00"))
    }

    @Test(
        "decoding accepts RFC 3339 with or without fractional seconds and with offsets",
        arguments: [
            ("2023-11-14T22:13:20Z", 1_700_000_000.0),
            ("2023-11-14T22:13:20.123Z", 1_700_000_000.123),
            ("2023-11-14T22:13:20.5Z", 1_700_000_000.5),
            ("2023-11-14T23:13:20+01:00", 1_700_000_000.0),
            ("2023-11-14T23:13:20.250+01:00", 1_700_000_000.25),
            // RFC 3339 allows lower-case letters; Foundation's parser alone refuses a `t`.
            ("2023-11-14t22:13:20z", 1_700_000_000.0), ("2023-11-14t22:13:20.123Z", 1_700_000_000.123),
            ("2023-11-14T22:13:20z", 1_700_000_000.0),
            // The largest offsets RFC 3339 allows, which Foundation's parser alone refuses.
            ("2023-11-15T22:12:20+23:59", 1_700_000_000.0), ("2023-11-13T22:14:20-23:59", 1_700_000_000.0),
            ("1969-12-31T23:59:59.250Z", -0.75), ("0001-01-01T00:00:00Z", -62_135_596_800.0),
        ])
    func decodesDates(text: String, seconds: Double) throws {
        let json = Data(#"{"alpha":"\#(text)","zeta":"z"}"#.utf8)
        let value = try JSONCoding.makeDecoder().decode(Stamped.self, from: json)
        #expect(abs(value.alpha.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    /// A day or time that does not exist is refused too, a leap second among them: Foundation's
    /// parser would read it as the next one that does, and the date would change on the way in.
    @Test(
        "a string that is not a date, or names a day or hour that does not exist, fails to decode",
        arguments: [
            "yesterday", "2023-11-14", "1700000000", "", "2024-02-30T00:00:00Z", "2023-02-29T10:00:00Z",
            "2024-04-31T00:00:00.123Z", "2024-02-29T24:00:00Z", "2024-00-10T00:00:00Z", "2024-01-00T00:00:00+01:00",
            "2024-01-01T10:00:60Z", "2024-01-01T10:60:00Z", "2016-12-31T23:59:60Z", "2024-02-30t00:00:00z",
            "2023-11-14x22:13:20Z",
            // Not RFC 3339, although Foundation's parser alone reads each of them.
            "2024-01-01T00:00:00Zjunk", "2024-01-01T00:00:00+02:60", "2024-01-01T00:00:00+0200",
            "2024-01-01T00:00:00+2:00", "2024-01-01T00:00:00Z ", "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00,5Z", "2024-01-01T00:00Z", "2024-01-01T00:00:00", "2024-01-01 00:00:00Z",
            "２０２４-01-01T00:00:00Z", "+2024-01-01T00:00:00Z", "2024-1-01T00:00:00Z",
        ])
    func rejectsNonDates(text: String) {
        let json = Data(#"{"alpha":"\#(text)","zeta":"z"}"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONCoding.makeDecoder().decode(Stamped.self, from: json)
        }
        #expect(JSONCoding.date(from: text) == nil)
    }

    @Test(
        "the last day of a month, February 29th of a leap year and the last second of a day decode",
        arguments: [
            ("2024-02-29T23:59:59Z", 1_709_251_199.0), ("2000-02-29T00:00:00Z", 951_782_400.0),
            ("2023-04-30T00:00:00Z", 1_682_812_800.0), ("2016-12-31T23:59:59.999Z", 1_483_228_799.999),
        ])
    func decodesEdgesOfTheCalendar(text: String, seconds: Double) throws {
        let date = try #require(JSONCoding.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    @Test("a millisecond date survives an encode and decode round trip")
    func roundTrip() throws {
        let value = Stamped(zeta: "z", alpha: Date(timeIntervalSince1970: 1_712_345_678.901))
        let data = try JSONCoding.makeEncoder().encode(value)
        let back = try JSONCoding.makeDecoder().decode(Stamped.self, from: data)
        #expect(abs(back.alpha.timeIntervalSince(value.alpha)) < 0.000_5)
        #expect(try JSONCoding.makeEncoder().encode(back) == data)
    }
}
