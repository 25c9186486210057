import Foundation

/// Reads the `Retry-After` response header (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// How long `value` asks the client to wait, measured from `now`.
    ///
    /// `value` is either a number of seconds (`"120"`) or an HTTP-date
    /// (`"Wed, 21 Oct 2015 07:28:00 GMT"`, or the two obsolete date forms). A date in the past
    /// means no wait (`.zero`). Returns `nil` for anything else, including negative or
    /// fractional numbers. A number too large for 64 bits is read as the largest one.
    public static func parse(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return .seconds(Int64(text) ?? .max)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? .seconds(seconds) : .zero
    }
}
