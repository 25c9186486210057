import Foundation

/// How the package reads RFC 3339 date-time text: the runtime's JSON dates and the generator's
/// example dates, one reading for both.
///
/// Foundation's ISO 8601 parser reads a day or time that does not exist as the next one that
/// does: `2024-02-30T00:00:00Z` as March 1st, `T24:00:00` as the next day's midnight,
/// `T10:00:60` as `T10:01:00`. Such a text is not a date here, so that no date changes on the way
/// in. A leap second (`23:59:60`) is refused with them: a `Date` cannot hold it.
public enum DateTimeText {
    /// The date `text` names, with or without fractional seconds and with any offset; `nil` if
    /// it is not an RFC 3339 date-time or is not on the calendar (`isOnTheCalendar(_:)`).
    public static func date(from text: String) -> Date? {
        guard isOnTheCalendar(text) else { return nil }
        return parsed(text)
    }

    /// `text` as Foundation's ISO 8601 parser reads it, a day or time off the calendar read as
    /// the next one that exists; `nil` if it is not an ISO 8601 date-time.
    public static func parsed(_ text: String) -> Date? {
        let text = withUpperCaseLetters(text)
        return (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }

    /// `text` with a lower-case `t` between date and time, and a lower-case `z` at its end, in
    /// upper case: RFC 3339 (section 5.6) allows either case, and Foundation reads only `T`.
    private static func withUpperCaseLetters(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var changed = false
        if bytes.count > 10, bytes[10] == UInt8(ascii: "t") {
            bytes[10] = UInt8(ascii: "T")
            changed = true
        }
        if bytes.count > 19, bytes[bytes.count - 1] == UInt8(ascii: "z") {
            bytes[bytes.count - 1] = UInt8(ascii: "Z")
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// Whether the date and time of `text`, which starts `YYYY-MM-DDTHH:MM:SS` as RFC 3339
    /// date-times do, exist: a month from 1 to 12, a day within that month of that year (the
    /// Gregorian calendar), an hour below 24, minutes and seconds below 60.
    public static func isOnTheCalendar(_ text: String) -> Bool {
        let digits = Array(text.utf8.prefix(19))
        guard digits.count == 19 else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte) - 0x30
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month)
        else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...days[month - 1]).contains(day) && hour < 24 && minute < 60 && second < 60
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
}
