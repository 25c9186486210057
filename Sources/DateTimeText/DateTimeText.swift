/// What a date-time text names on the calendar, checked on the text itself.
///
/// Foundation's ISO 8601 parsers read a day or hour that does not exist as the next one that
/// does: `2024-02-30T00:00:00Z` as March 1st, `T24:00:00` as the next day's midnight. The
/// generator refuses such an example date, and the runtime refuses such a date in a response,
/// both with this check, so that no date changes on the way in.
public enum DateTimeText {
    /// Whether the date and hour of `text`, which starts `YYYY-MM-DDTHH` (as RFC 3339 date-times
    /// do), exist: a month from 1 to 12, a day within that month of that year (the Gregorian
    /// calendar), an hour below 24. Minutes and seconds are left to the parser (RFC 3339 allows
    /// a leap second, `:60`).
    public static func isOnTheCalendar(_ text: String) -> Bool {
        let digits = Array(text.utf8.prefix(13))
        guard digits.count == 13 else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte) - 0x30
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), (1...12).contains(month)
        else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...days[month - 1]).contains(day) && hour < 24
    }
}
