import Foundation
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
        ])
    func writesMilliseconds(seconds: Double, text: String) {
        #expect(JSONCoding.string(from: Date(timeIntervalSince1970: seconds)) == text)
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
