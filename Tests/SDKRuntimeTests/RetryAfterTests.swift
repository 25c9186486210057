import Foundation
import SDKRuntime
import Testing

@Suite("RetryAfter", .timeLimit(.minutes(3)))
struct RetryAfterTests {
    /// 1994-11-06T08:49:00Z, 37 seconds before the date of RFC 9110's examples.
    static let now = Date(timeIntervalSince1970: 784_111_777 - 37)

    @Test(
        "delay-seconds",
        arguments: [("7", 7), ("0", 0), ("  120 ", 120), ("86400", 86_400)] as [(String, Int64)])
    func seconds(value: String, seconds: Int64) {
        #expect(RetryAfter.parse(value, now: Self.now) == .seconds(seconds))
    }

    @Test("a number too large for 64 bits is read as the largest one")
    func hugeNumber() {
        #expect(RetryAfter.parse("99999999999999999999999", now: Self.now) == .seconds(Int64.max))
    }

    @Test(
        "the three HTTP-date forms",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
            "sun, 06 NOV 1994 08:49:37 GMT",
        ])
    func httpDates(value: String) {
        #expect(RetryAfter.parse(value, now: Self.now) == .seconds(37))
    }

    @Test("a leap day is a real date")
    func leapDay() {
        let now = Date(timeIntervalSince1970: 1_709_164_800 - 10)
        #expect(RetryAfter.parse("Thu, 29 Feb 2024 00:00:00 GMT", now: now) == .seconds(10))
    }

    @Test("a date in the past means no wait")
    func pastDate() {
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:48:37 GMT", now: Self.now) == .zero)
    }

    @Test(
        "anything else is not a Retry-After value",
        arguments: [
            "", " ", "-1", "1.5", "+3", "soon", "7 seconds",
            "Sun, 06 Nov 1994 08:49:37",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 31 Feb 1994 08:49:37 GMT",
            "Tue, 29 Feb 2023 00:00:00 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 06 Nov 94 08:49:37 GMT",
            "Sun, 6 Nov 1994 8:49:37 GMT",
            "Sunday, 06-Nov-1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 PST",
            "Sunday 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37",
        ])
    func invalid(value: String) {
        #expect(RetryAfter.parse(value, now: Self.now) == nil)
    }
}
