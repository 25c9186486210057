import Foundation

/// The text of one `JSONCoding.encodeInOnePass(_:)` run, and the objects and arrays still open
/// in it.
///
/// Containers are closed when the text moves on: writing into a container closes every
/// container begun inside it, and finishing a value closes every container the value began.
/// What the one pass cannot follow (a container written after it was closed, a second
/// container for one value, a type Foundation writes its own way) is noted in `refusal`, and
/// the run's text is then thrown away.
final class OnePassJSONWriter {
    /// An object or array that has been begun and not yet closed.
    private struct OpenContainer {
        /// Its number: its index in `counts`.
        let id: Int
        /// Whether it is an object (`{`) rather than an array (`[`).
        let isObject: Bool
    }

    // The writer belongs to one run on one thread, and its methods never hand out access to
    // its state, so the run-time exclusivity checks (about a fifth of a run's time) are off.

    /// The UTF-8 text written so far.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// Why the run cannot be written in one pass, once something said so.
    private(set) var refusal: String?
    @exclusivity(unchecked) private var open: [OpenContainer] = []
    /// How many members or elements each container begun in the run holds, by its number; the
    /// number 0 is no container's (a refused one's).
    @exclusivity(unchecked) private var counts = [0]

    /// An empty text.
    init() {
        bytes.reserveCapacity(512)
    }

    /// Notes that the run cannot be written in one pass, for `reason` (the first reason stays).
    func refuse(_ reason: String) {
        if refusal == nil { refusal = reason }
    }

    /// Whether nothing was written since `start`, the place where a value begins: a value gets
    /// one container, or one single value, and a second is refused.
    func startsValue(at start: Int) -> Bool {
        guard bytes.count == start else {
            refuse("a value asked for a second container")
            return false
        }
        return true
    }

    /// Begins an object (`isObject`) or an array and returns its number.
    func begin(isObject: Bool) -> Int {
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        counts.append(0)
        open.append(OpenContainer(id: counts.count - 1, isObject: isObject))
        return counts.count - 1
    }

    /// Makes the container `id` the innermost open one, closing those begun inside it, and
    /// writes the comma before its next member or element; `false` (refused) when it is closed.
    func startElement(in id: Int) -> Bool {
        guard let index = open.lastIndex(where: { $0.id == id }) else {
            refuse("a container was written after it was closed")
            return false
        }
        close(downTo: index + 1)
        if counts[id] > 0 { bytes.append(UInt8(ascii: ",")) }
        counts[id] += 1
        return true
    }

    /// How many members or elements the container `id` holds.
    func count(of id: Int) -> Int {
        counts[id]
    }

    /// Writes `value` and closes every container it began; an inner value that wrote nothing is
    /// an empty object, as Foundation writes it.
    func write<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        // Comparing the types first spares every other value a dynamic cast.
        if Value.self == String.self, let string = value as? String {
            write(string: string)
        } else if Value.self == Date.self, let date = value as? Date {
            write(string: JSONCoding.string(from: date))
        } else if Value.self == Data.self || Value.self == URL.self || Value.self == Decimal.self {
            refuse("Foundation writes \(Value.self) its own way")
        } else {
            let depth = open.count
            let start = bytes.count
            try value.encode(to: OnePassJSONEncoder(writer: self, codingPath: codingPath, valueStart: start))
            close(downTo: depth)
            guard bytes.count == start else { return }
            // Foundation refuses a top value that wrote nothing, and makes an inner one `{}`.
            if codingPath.isEmpty {
                refuse("the value wrote nothing")
            } else {
                bytes += [UInt8(ascii: "{"), UInt8(ascii: "}")]
            }
        }
    }

    /// Writes `null`.
    func writeNull() {
        bytes += [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")]
    }

    /// Writes `true` or `false`.
    func write(bool: Bool) {
        write(ascii: bool ? "true" : "false")
    }

    /// Writes an integer in decimal.
    func write(integer: some FixedWidthInteger) {
        write(ascii: String(integer))
    }

    /// Writes a finite number as Foundation does (a whole number without a trailing `.0`,
    /// written as an integer when it is below 10¹⁵, where `description` would not switch to an
    /// exponent); a number that is not finite is refused, and Foundation's encoder then says
    /// why it cannot be written.
    func write(number: some BinaryFloatingPoint & LosslessStringConvertible) {
        guard number.isFinite else {
            refuse("a number is not finite")
            return
        }
        if number.rounded(.towardZero) == number, abs(number) < 1e15, number != 0 || number.sign == .plus {
            write(integer: Int64(number))
            return
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        write(ascii: text)
    }

    /// Writes `string` quoted, escaping what JSON requires: quotes, backslashes and control
    /// characters (slashes are left as they are, as `JSONCoding.encoder` leaves them).
    func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                bytes += Self.escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a member name and its colon.
    func write(key: String) {
        write(string: key)
        bytes.append(UInt8(ascii: ":"))
    }

    private func write(ascii text: String) {
        bytes += text.utf8
    }

    private func close(downTo depth: Int) {
        while open.count > depth {
            bytes.append(open.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// The escape of a quote, a backslash or a control character.
    private static func escape(_ byte: UInt8) -> [UInt8] {
        let named: String? =
            switch byte {
            case UInt8(ascii: "\""): #"\""#
            case UInt8(ascii: "\\"): #"\\"#
            case UInt8(ascii: "\n"): #"\n"#
            case UInt8(ascii: "\r"): #"\r"#
            case UInt8(ascii: "\t"): #"\t"#
            case 0x08: #"\b"#
            case 0x0C: #"\f"#
            default: nil
            }
        if let named { return Array(named.utf8) }
        let hex = LowercaseHex.digits(of: byte)
        return Array(#"\u00"#.utf8) + [hex.high, hex.low]
    }
}
