import Foundation

/// Parses the three HTTP-date forms RFC 9110 §5.6.7 requires recipients to accept.
///
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT` (the one servers should send)
/// - RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT` (two-digit years below 70 are 20xx, else 19xx)
/// - asctime: `Sun Nov  6 08:49:37 1994`
///
/// The weekday is not checked against the date; month names are matched without regard to case.
enum HTTPDate {
    /// The instant `text` names, or `nil` when it is none of the three forms or not a real date.
    static func parse(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch tokens.count {
        case 6 where tokens[0].hasSuffix(",") && tokens[5] == "GMT":
            return date(day: tokens[1], month: tokens[2], year: tokens[3], time: tokens[4])
        case 4 where tokens[0].hasSuffix(",") && tokens[3] == "GMT":
            let parts = tokens[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts[2].count == 2, let short = Int(parts[2]) else { return nil }
            let year = short < 70 ? 2000 + short : 1900 + short
            return date(day: parts[0], month: parts[1], year: String(year), time: tokens[2])
        case 5:
            return date(day: tokens[2], month: tokens[1], year: tokens[4], time: tokens[3])
        default:
            return nil
        }
    }

    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// The UTC instant for the given fields, or `nil` when any is malformed or out of range.
    private static func date(day: String, month: String, year: String, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard year.count == 4, (1...2).contains(day.count), clock.count == 3,
            clock.allSatisfy({ $0.count == 2 }),
            let monthIndex = months.firstIndex(of: month.lowercased()),
            let year = number(year), let day = number(day),
            let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
            hour < 24, minute < 60, second <= 60,
            (1...daysInMonth(monthIndex + 1, year: year)).contains(day)
        else { return nil }
        let days = daysSince1970(year: year, month: monthIndex + 1, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `text` as a non-negative decimal number, when it is only ASCII digits.
    private static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (H. Hinnant's algorithm).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
