import Foundation

/// How the package reads and writes RFC 3339 date-time text: the runtime's JSON dates and the
/// generator's example dates, one reading for both. Days are those of the proleptic Gregorian
/// calendar, as RFC 3339 counts them, also before 1582 (where Foundation's formatter switches
/// to the Julian calendar).
///
/// The text is read by RFC 3339's grammar here rather than by Foundation's ISO 8601 parser,
/// which takes what RFC 3339 refuses (`+0200`, `+2:00`, `+02:60`, text after the `Z`) and
/// refuses what it allows (a lower-case `t`, an offset of `+23:59`).
///
/// That parser also reads a day or time that does not exist as the next one that does:
/// `2024-02-30T00:00:00Z` as March 1st, `T24:00:00` as the next day's midnight, `T10:00:60` as
/// `T10:01:00`. Such a text is not a date here, so that no date changes on the way in. A leap
/// second (`23:59:60`) is refused with them: a `Date` cannot hold it.
public enum DateTimeText {
    /// The date `text` names, with or without fractional seconds and with any offset; `nil` if
    /// it is not an RFC 3339 date-time or is not on the calendar (`isOnTheCalendar(_:)`).
    public static func date(from text: String) -> Date? {
        guard let fields = Fields(text), fields.isOnTheCalendar else { return nil }
        return fields.date
    }

    /// The date `text` names if it follows RFC 3339's date-time grammar (section 5.6: `T` and
    /// `Z` in either case, any number of fraction digits, an offset of `Z` or `±HH:MM` below
    /// 24 hours), a day or time off the calendar counted on from the month's start (February
    /// 30th as March 1st, day 00 as the month's eve, hour 24 as the next day); `nil` otherwise.
    public static func parsed(_ text: String) -> Date? {
        guard let fields = Fields(text), (1...12).contains(fields.month) else { return nil }
        return fields.date
    }

    /// Whether `text` is an RFC 3339 date-time whose date and time exist: a month from 1 to 12,
    /// a day within that month of that year (the Gregorian calendar), an hour below 24, minutes
    /// and seconds below 60.
    public static func isOnTheCalendar(_ text: String) -> Bool {
        Fields(text)?.isOnTheCalendar ?? false
    }

    /// The numbers of an RFC 3339 date-time, read by its grammar alone: a day or time off the
    /// calendar (month 13, February 30th, hour 24) is still read.
    private struct Fields {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        /// The fraction digits after the decimal point, if any.
        var fraction = ""
        /// How many seconds the local time is ahead of UTC.
        var offset = 0

        init?(_ text: String) {
            let bytes = Array(text.utf8)
            func number(_ start: Int, _ count: Int) -> Int? {
                guard start + count <= bytes.count else { return nil }
                var value = 0
                for byte in bytes[start..<start + count] {
                    guard Self.isDigit(byte) else { return nil }
                    value = value * 10 + Int(byte) - 0x30
                }
                return value
            }
            func byte(_ index: Int, _ allowed: String) -> Bool {
                index < bytes.count && allowed.utf8.contains(bytes[index])
            }
            guard let year = number(0, 4), byte(4, "-"), let month = number(5, 2), byte(7, "-"),
                let day = number(8, 2), byte(10, "Tt"), let hour = number(11, 2), byte(13, ":"),
                let minute = number(14, 2), byte(16, ":"), let second = number(17, 2)
            else { return nil }
            (self.year, self.month, self.day, self.hour, self.minute, self.second) =
                (year, month, day, hour, minute, second)
            var index = 19
            if byte(index, ".") {
                let digits = bytes[(index + 1)...].prefix(while: Self.isDigit)
                guard !digits.isEmpty else { return nil }
                fraction = String(decoding: digits, as: UTF8.self)
                index += 1 + digits.count
            }
            if byte(index, "Zz") {
                guard index + 1 == bytes.count else { return nil }
            } else {
                guard byte(index, "+-"), index + 6 == bytes.count, let hours = number(index + 1, 2), hours < 24,
                    byte(index + 3, ":"), let minutes = number(index + 4, 2), minutes < 60
                else { return nil }
                offset = (hours * 3_600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            }
        }

        /// Whether the day and time exist (see `isOnTheCalendar(_:)`).
        var isOnTheCalendar: Bool {
            guard (1...12).contains(month) else { return false }
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            return (1...days[month - 1]).contains(day) && hour < 24 && minute < 60 && second < 60
        }

        /// The instant these fields name, for a month from 1 to 12; a day or time beyond its
        /// unit's last counts on into the next.
        var date: Date {
            let days = DateTimeText.daysSince1970(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
            let fraction = fraction.isEmpty ? 0 : Double("0." + fraction) ?? 0
            return Date(timeIntervalSince1970: Double(seconds) + fraction)
        }

        private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    }

    /// The milliseconds after 1970 RFC 3339 writes: the years 0000 to 9999 in UTC.
    static let rfc3339Milliseconds: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// The last instant RFC 3339 writes, `9999-12-31T23:59:59.999Z`.
    public static let lastRFC3339Date = Date(timeIntervalSince1970: Double(rfc3339Milliseconds.upperBound) / 1_000)

    /// Whether `date`, rounded to the millisecond, falls in the years 0000 to 9999 in UTC, the
    /// years RFC 3339 writes (and so `text(millisecondsSince1970:)` writes in its form).
    public static func isInRFC3339Years(_ date: Date) -> Bool {
        guard let milliseconds = millisecondsSince1970(date) else { return false }
        return rfc3339Milliseconds.contains(milliseconds)
    }

    /// `date` rounded to the nearest millisecond, counted from 1970 (the count
    /// `text(millisecondsSince1970:)` writes); `nil` for a date too far out for an `Int64` of
    /// milliseconds, or not finite.
    public static func millisecondsSince1970(_ date: Date) -> Int64? {
        Int64(exactly: (date.timeIntervalSince1970 * 1_000).rounded())
    }

    /// `milliseconds` after 1970 as ISO 8601 text in UTC with three fraction digits: RFC 3339 in
    /// the years 0000 to 9999 (`2023-11-14T22:13:20.123Z`), and outside them ISO 8601's expanded
    /// year, a sign and at least six digits (`+010000-01-01T00:30:00.000Z`), which RFC 3339
    /// does not allow and `date(from:)` does not read: such a date fails to decode rather than
    /// come back as another.
    public static func text(millisecondsSince1970 milliseconds: Int64) -> String {
        let (seconds, millisecond) = floorDivision(milliseconds, by: 1_000)
        let (days, secondOfDay) = floorDivision(seconds, by: 86_400)
        let (year, month, day) = civilDate(daysSince1970: Int(days))
        let second = Int(secondOfDay)
        var yearText = ""
        if !(0...9_999).contains(year) {
            let digits = String(year.magnitude)
            yearText = (year < 0 ? "-" : "+") + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        }
        // Written byte by byte: JSON encoding calls this for every date it writes.
        let rest = String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            func put(_ value: Int, digits: Int, then separator: Unicode.Scalar) {
                var rest = value
                for position in (index..<index + digits).reversed() {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                buffer[index + digits] = UInt8(ascii: separator)
                index += digits + 1
            }
            if yearText.isEmpty { put(year, digits: 4, then: "-") }
            put(month, digits: 2, then: "-")
            put(day, digits: 2, then: "T")
            put(second / 3_600, digits: 2, then: ":")
            put(second / 60 % 60, digits: 2, then: ":")
            put(second % 60, digits: 2, then: ".")
            put(Int(millisecond), digits: 3, then: "Z")
            return index
        }
        return yearText.isEmpty ? rest : yearText + "-" + rest
    }

    /// `value / divisor` rounded down, and the non-negative remainder (for any `value`,
    /// `Int64.min` included).
    private static func floorDivision(_ value: Int64, by divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The year, month and day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (Howard
    /// Hinnant's `days_from_civil`); a day beyond its month's last counts on into the next.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year  // years counted from March
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
