import Foundation
internal import SDKDateTimeText

/// The JSON encoder and decoder every client and store of the SDKs uses, configured once.
///
/// - Object keys are sorted, so the same value always encodes to the same bytes (stable
///   idempotent bodies, reproducible tests); slashes are not escaped.
/// - Dates are RFC 3339 strings in UTC with milliseconds (`2023-11-14T22:13:20.123Z`) when
///   encoding; decoding accepts them with or without fractional seconds and with any UTC offset.
public enum JSONCoding {
    /// One encoder made by `makeEncoder()`, shared by this package's modules: an encoder may be
    /// used from several threads at once as long as nobody changes its settings (nothing here
    /// does, and it is not visible outside the package), and making one costs about as much as
    /// encoding a small value.
    package static let encoder = makeEncoder()

    /// One decoder made by `makeDecoder()`, shared on the same terms as `encoder`.
    package static let decoder = makeDecoder()

    /// The JSON of `value` as `encoder` writes it, but with each object's members in the order
    /// they were encoded instead of sorted, written in one pass: for what the SDKs store and read
    /// back themselves (queued items), where the order means nothing and the time counts.
    ///
    /// Foundation's encoder first builds the whole value as a tree, then sorts and writes it;
    /// for an analytics event that costs about five times as much as writing each member where
    /// it goes. A value the one pass cannot follow (one that asks for two containers, writes into
    /// a container after leaving it, uses a super encoder, holds `Data`, `URL` or `Decimal`,
    /// which Foundation writes its own way, holds a number that is not finite, or writes nothing
    /// at all) is encoded by `encoder` instead, which also throws what it throws.
    package static func encodeInOnePass<Value: Encodable>(_ value: Value) throws -> Data {
        let writer = OnePassJSONWriter()
        if (try? writer.write(value, codingPath: [])) != nil, writer.refusal == nil {
            return Data(writer.bytes)
        }
        return try encoder.encode(value)
    }

    /// A new encoder with sorted keys and RFC 3339 millisecond dates.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(string(from: date))
        }
        return encoder
    }

    /// A new decoder that reads RFC 3339 dates with or without fractional seconds.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = date(from: try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an RFC 3339 date-time string.")
            }
            return date
        }
        return decoder
    }

    /// `date` as the SDKs write it: RFC 3339 in UTC with milliseconds, rounded to the nearest
    /// millisecond (so `1_700_000_000.123` writes `.123` although a `Double` holds it as
    /// `.12299...`). A date outside the years 0000 to 9999, which RFC 3339 cannot write, gets
    /// ISO 8601's expanded year (`+010000-…`), which no decoder here reads back; one too far out
    /// for milliseconds to count (or not finite) is written as Foundation's ISO 8601 formatter
    /// writes it, which is outside those years too.
    public static func string(from date: Date) -> String {
        guard let milliseconds = DateTimeText.millisecondsSince1970(date) else {
            return withFraction.format(date)
        }
        return DateTimeText.text(millisecondsSince1970: milliseconds)
    }

    /// Parses an RFC 3339 date-time with or without fractional seconds; `nil` if it is not one,
    /// or if it names a day or time that does not exist (`2024-02-30`, `T24:00`, `T10:00:60`),
    /// which Foundation's parser would read as the next one that does.
    public static func date(from string: String) -> Date? {
        DateTimeText.date(from: string)
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
